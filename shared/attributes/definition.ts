import { z } from 'zod';
import type { AttributeChainUsage } from '../enums';

/** A choice of a reference or set attribute (or a dictionary entry, spec 2 §3.2: id, label). */
export interface AttributeChoice {
  id: number | string;
  label: string;
}

/** A chain whose condition is this attribute: the trigger value makes the results optional or required (spec 2 §3.2, §5). */
export interface AttributeChain {
  triggerValue: string;
  results: { chainResultAttributeId: number; usage: AttributeChainUsage }[];
}

/**
 * A profile attribute form item (spec 2 §3.2): what both the client's renderer and the server's
 * validator read. `required` and `readonly` are the attribute's own flags; where it is asked
 * (a course's requirements, a chain) may change its requirement (see `requirementOf`).
 */
export interface AttributeDefinition {
  id: number;
  type: number;
  label: string;
  name: string;
  description: string | null;
  required: boolean;
  readonly: boolean;
  regex: string | null;
  min: number | null;
  max: number | null;
  options: AttributeChoice[];
  isTextArea: boolean;
  isHasNoneAttribute: boolean;
  categoryId: number | null;
  attributeGroupId: number | null;
  dictionaryId: string | null;
  hierarchyId: string | null;
  chain: AttributeChain | null;
}

/** How an attribute is asked on one form (spec 2 §4 requirement, plus hidden for an untriggered chain result). */
export type Requirement = 'required' | 'optional' | 'readonly' | 'hidden';

export const addressValue = z.object({ addressName: z.string().trim().max(500) });
export const companyValue = z.object({
  companyName: z.string().trim().max(500),
  addressName: z.string().trim().max(500).optional().default(''),
  inn: z.string().trim().max(12).optional().default(''),
  kpp: z.string().trim().max(9).optional().default(''),
});
export type AddressValue = z.output<typeof addressValue>;
export type CompanyValue = z.output<typeof companyValue>;

/**
 * One attribute answer on the wire (spec 2 §3.2 / 3 §3): attributeId with value (dates DD-MM-YYYY,
 * booleans 'true'/'false', a set's ids comma-joined), isHasNoneValue, address or company; a file
 * attribute names an uploaded file by `fileId` (uploaded first with the files helpers).
 */
export const attributeAnswer = z.object({
  attributeId: z.number().int().positive(),
  value: z.union([z.string().max(5000), z.number(), z.boolean()]).nullable().optional(),
  isHasNoneValue: z.boolean().optional(),
  address: addressValue.nullable().optional(),
  company: companyValue.nullable().optional(),
  fileId: z.number().int().positive().nullable().optional(),
});
export type AttributeAnswer = z.input<typeof attributeAnswer>;

export const attributeAnswers = z.array(attributeAnswer).max(200);

/** An attribute form item with the account's current answer. */
export interface AttributeFormItem extends AttributeDefinition {
  requirement: Requirement;
  answer: StoredAttributeValue | null;
}

/** What is stored for one answer (attribute_values: value, valueJson, isHasNoneValue, fileId). */
export interface StoredAttributeValue {
  value: string | null;
  valueJson: Record<string, unknown> | null;
  isHasNoneValue: boolean;
  fileId: number | null;
}
