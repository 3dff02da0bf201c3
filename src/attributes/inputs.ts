/** DD-MM-YYYY (the wire) to a date input's YYYY-MM-DD; anything else shows empty. */
export function toDateInput(wire: string): string {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(wire);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
}

/** A date input's YYYY-MM-DD to DD-MM-YYYY (spec 2 §3.2: dates are sent as DD-MM-YYYY). */
export function fromDateInput(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
}

/** Types digits into the phone mask +9 (999) 999-99-99 (spec 2 §6). */
export function maskPhone(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 11);
  if (!d) return '';
  const parts = [`+${d[0]}`];
  if (d.length > 1) parts.push(` (${d.slice(1, 4)}`);
  if (d.length > 4) parts.push(`) ${d.slice(4, 7)}`);
  if (d.length > 7) parts.push(`-${d.slice(7, 9)}`);
  if (d.length > 9) parts.push(`-${d.slice(9, 11)}`);
  return parts.join('');
}
