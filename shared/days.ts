/**
 * A calendar day typed by a person: DD.MM.YYYY or DD/MM/YYYY (spec 2 §6), or YYYY-MM-DD (a date
 * input, an ISO date-time). What was typed may be in no such form («1.1.20», «2030/01/01»), or in
 * the form but name a day the calendar has not («31.02.2026», «29.02.2027»): the two are told apart,
 * so a person hears «no such date» rather than «wrong format» for a day that does not exist.
 */
export type DayReading = { day: { year: number; month: number; date: number } } | { problem: 'format' | 'noSuchDay' };

export function readDay(value: string): DayReading {
  const s = value.trim();
  const dmy = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(s);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/.exec(s);
  let date: number, month: number, year: number;
  if (dmy) [date, month, year] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  else if (iso) [year, month, date] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return { problem: 'format' };
  const probe = new Date(Date.UTC(year, month - 1, date));
  if (year < 1 || probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== date) return { problem: 'noSuchDay' };
  return { day: { year, month, date } };
}

/** The end of a typed day (UTC), or null when it is in no accepted form or names no day. */
export function dayEnd(value: string): Date | null {
  const r = readDay(value);
  if ('problem' in r) return null;
  return new Date(Date.UTC(r.day.year, r.day.month - 1, r.day.date) + 86_400_000 - 1);
}

/** The message key of a typed day's problem (the client's `resourceKit.*`, the server's `validation.*`), or null when it is a day. */
export function dayProblem(value: string): 'validation.dayFormat' | 'validation.noSuchDay' | null {
  const r = readDay(value);
  if (!('problem' in r)) return null;
  return r.problem === 'format' ? 'validation.dayFormat' : 'validation.noSuchDay';
}
