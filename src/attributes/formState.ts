import { useMemo, useState } from 'react';
import {
  checkAttributeAnswer,
  requirementsOf,
  type AttributeAnswer,
  type AttributeDefinition,
  type AttributeFormItem,
  type AttributeProblem,
  type Requirement,
  type StoredAttributeValue,
} from '../../shared/attributes';
import { AttributeDataType } from '../../shared/enums';

/** What a form holds for one attribute while it is edited (the wire answer). */
export type Draft = Omit<AttributeAnswer, 'attributeId'>;

/** The draft of a stored answer. */
export function draftOf(d: AttributeDefinition, stored: StoredAttributeValue | null): Draft {
  if (!stored) return { value: '' };
  if (stored.isHasNoneValue) return { value: '', isHasNoneValue: true };
  if (d.type === AttributeDataType.address) return { address: { addressName: String(stored.valueJson?.addressName ?? stored.value ?? '') } };
  if (d.type === AttributeDataType.company) return { company: { companyName: '', addressName: '', inn: '', kpp: '', ...(stored.valueJson as object) } as never };
  if (d.type === AttributeDataType.file) return { fileId: stored.fileId };
  return { value: stored.value ?? '' };
}

/** A form item's requirement before chains ('hidden' from the server: asked only through a chain). */
export const baseOf = (d: AttributeFormItem): Requirement | null => (d.requirement === 'hidden' ? null : d.requirement);

/**
 * The state of an attribute form: drafts, the requirements after chains and each field's problem,
 * by the same shared functions the server runs when it saves.
 */
export function useAttributeForm(items: AttributeFormItem[], initial?: Record<number, Draft>) {
  const [drafts, setDrafts] = useState<Record<number, Draft>>(() => initial ?? Object.fromEntries(items.map((d) => [d.id, draftOf(d, d.answer)])));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const byId = useMemo(() => new Map(items.map((d) => [d.id, d])), [items]);
  const requirements = useMemo(
    () => requirementsOf(items, (d) => baseOf(d as AttributeFormItem), (id) => {
      const v = drafts[id]?.value;
      return v === undefined || v === null ? null : String(v);
    }),
    [items, drafts],
  );
  const problems = useMemo(() => {
    const out: Record<number, AttributeProblem> = {};
    for (const d of items) {
      const req = requirements.get(d.id);
      if (!req || req === 'hidden' || req === 'readonly') continue;
      const r = checkAttributeAnswer(d, req, { attributeId: d.id, ...(drafts[d.id] ?? {}) });
      if (!r.ok) out[d.id] = r.problem;
    }
    return out;
  }, [items, requirements, drafts]);
  /** The fields to show (not hidden), in the items' order. */
  const shown = items.filter((d) => {
    const r = requirements.get(d.id);
    return r && r !== 'hidden';
  });
  /** What is sent: every shown field that can be edited. */
  const answers = (): AttributeAnswer[] =>
    shown.filter((d) => requirements.get(d.id) !== 'readonly').map((d) => ({ attributeId: d.id, ...(drafts[d.id] ?? {}) }));
  const set = (id: number, patch: Draft) => {
    setDrafts((all) => ({ ...all, [id]: { ...(all[id] ?? {}), ...patch } }));
    setServerErrors((e) => ({ ...e, [id]: '' }));
  };
  return { drafts, set, requirements, problems, shown, answers, byId, serverErrors, setServerErrors, valid: Object.keys(problems).length === 0 };
}
export type AttributeFormState = ReturnType<typeof useAttributeForm>;
