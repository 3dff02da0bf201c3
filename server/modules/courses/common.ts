export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** LIKE pattern for a user's search text (wildcards escaped). */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const fullName = (a: { firstName: string | null; lastName: string | null }) => `${a.lastName ?? ''} ${a.firstName ?? ''}`.trim();
