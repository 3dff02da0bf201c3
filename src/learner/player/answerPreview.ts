/**
 * Text lines of a saved answer or a correct answer (final page's preview), per the value
 * shapes the save calls store (server/modules/study/answers.ts) and correct.ts answers:
 * option ids, a free value or accepted values, matching pairs, a sequence, code, files,
 * attribute values. Ids are named by the slide's content (its options, targets, items).
 */
type Named = { id: number; text: string };
type Question = { options?: Named[]; targets?: Named[]; items?: Named[] } | null | undefined;

const nameIn = (list: Named[] | undefined, id: unknown) => list?.find((x) => x.id === id)?.text ?? `#${String(id)}`;

export function answerLines(value: unknown, content: Record<string, unknown> | null | undefined): string[] {
  if (value === null || value === undefined || typeof value !== 'object') return [];
  const v = value as Record<string, unknown>;
  const q = (content?.question ?? null) as Question;
  if (Array.isArray(v.optionIds)) return v.optionIds.map((id) => nameIn(q?.options, id));
  if (Array.isArray(v.itemIds)) return v.itemIds.map((id, i) => `${i + 1}. ${nameIn(q?.items, id)}`);
  if (Array.isArray(v.pairs)) {
    return (v.pairs as { optionId: unknown; targetId: unknown }[]).map((p) => `${nameIn(q?.options, p.optionId)} → ${p.targetId === null ? '—' : nameIn(q?.targets, p.targetId)}`);
  }
  if (Array.isArray(v.files)) return (v.files as { name?: unknown }[]).map((f) => String(f.name ?? ''));
  if (typeof v.code === 'string') return [v.code];
  if (Array.isArray(v.values)) return v.values.map(String);
  if (v.values && typeof v.values === 'object') {
    return Object.entries(v.values as Record<string, unknown>).filter(([, x]) => x !== null && x !== '').map(([k, x]) => `${k}: ${String(x)}`);
  }
  if ('value' in v && v.value !== null && v.value !== undefined) return [String(v.value)];
  return [];
}

/** Code answers are shown as a block of code, not as lines of text. */
export const isCodeAnswer = (value: unknown) => !!value && typeof value === 'object' && typeof (value as { code?: unknown }).code === 'string';
