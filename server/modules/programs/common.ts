/** A date as the API answers it (ISO), or null. */
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
