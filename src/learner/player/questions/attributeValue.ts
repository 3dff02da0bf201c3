import { AttributeDataType } from '../../../../shared/enums';
import { TEXT_MAX } from './freeAnswer';

/** How an attribute of each data type is answered; file attributes and unknown codes have no input here. */
export type AttributeInput = 'string' | 'text' | 'bool' | 'int' | 'float' | 'date' | 'phone';

export function attributeInputOf(type: number): AttributeInput | null {
  switch (type) {
    case AttributeDataType.string:
    case AttributeDataType.address:
    case AttributeDataType.company:
    case AttributeDataType.pattern:
    case AttributeDataType.reference:
    case AttributeDataType.set:
    case AttributeDataType.hierarchy:
      // the slide carries no choices for reference, set and hierarchy attributes: the value is typed
      return 'string';
    case AttributeDataType.text:
      return 'text';
    case AttributeDataType.bool:
      return 'bool';
    case AttributeDataType.int:
      return 'int';
    case AttributeDataType.float:
      return 'float';
    case AttributeDataType.date:
      return 'date';
    case AttributeDataType.phone:
      return 'phone';
    default:
      return null;
  }
}

/** Phone format of spec 2 §6: +N (NNN) NNN-NN-NN. */
export const PHONE = /^\+\d{1,3} \(\d{3}\) \d{3}-\d{2}-\d{2}$/;
const ATTRIBUTE_TEXT_MAX = 2000;

/**
 * The value sent for one attribute (the server takes a string, number, boolean or null per
 * attribute id), or the i18n key of the problem. Empty means "not given" (null).
 */
export function attributeValue(input: AttributeInput, raw: string | boolean): { ok: true; value: string | number | boolean | null } | { ok: false; error: string; count?: number } {
  if (input === 'bool') return { ok: true, value: raw === true };
  const s = String(raw).trim();
  if (s === '') return { ok: true, value: null };
  switch (input) {
    case 'int':
      return /^[+-]?\d{1,15}$/.test(s) ? { ok: true, value: Number(s) } : { ok: false, error: 'free.integer' };
    case 'float': {
      const t = s.replace(',', '.');
      return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(t) ? { ok: true, value: Number(t) } : { ok: false, error: 'free.float' };
    }
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(new Date(`${s}T00:00:00Z`).getTime()) ? { ok: true, value: s } : { ok: false, error: 'free.date' };
    case 'phone':
      return PHONE.test(s) ? { ok: true, value: s } : { ok: false, error: 'attributes.phone' };
    default: {
      const max = input === 'text' ? TEXT_MAX : ATTRIBUTE_TEXT_MAX;
      return s.length <= max ? { ok: true, value: s } : { ok: false, error: 'free.tooLong', count: max };
    }
  }
}
