/** A date as the player's answers carry it (what JSON makes of a Date): ISO 8601, or null. */
export function iso(date: Date): string;
export function iso(date: Date | null): string | null;
export function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}
