import { useDates } from '../../ui/dates';

/** "from — to" of two days in the UI language; a day not set shows as a dash. */
export function usePeriod() {
  const { longDay } = useDates();
  return (from: string | null, to: string | null) => `${longDay(from) || '—'} — ${longDay(to) || '—'}`;
}
