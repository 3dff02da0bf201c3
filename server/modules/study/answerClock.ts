import { ANSWER_CLOCK_HEADERS, MAX_OFFLINE_MS, SENT_LATE_MS } from '../../../shared/http/answerClock.js';

/**
 * The server's clock decides when an answer was made (issue 31). A device that lost its
 * connection keeps answers and sends them later; each carries the last server time the device
 * saw and the time it measured since then. The server takes that as the answer's time, but
 * never later than it arrived (a device cannot post-date) nor earlier than `bound` before (a
 * claim cannot reach back further than a connection loss may last), so going offline never
 * extends a timed attempt: whatever the device claims, an answer counts only if made before the
 * deadline by this reckoning.
 */
export interface AnswerClockClaim {
  /** the last server answer's Date the device saw */
  serverDate?: Date | null;
  /** ms the device measured since then */
  elapsedMs?: number | null;
  /** the device's wall clock at answering: only without a server contact */
  deviceTime?: Date | null;
}

const valid = (d: Date | null | undefined): d is Date => !!d && Number.isFinite(d.getTime());

/** When the answer was made by the server's reckoning: within [receivedAt − bound, receivedAt]. */
export function answeredAtByServer(receivedAt: Date, claim: AnswerClockClaim, bound = MAX_OFFLINE_MS): Date {
  const received = receivedAt.getTime();
  let claimed: number;
  if (valid(claim.serverDate) && typeof claim.elapsedMs === 'number' && Number.isFinite(claim.elapsedMs) && claim.elapsedMs >= 0) {
    claimed = claim.serverDate.getTime() + claim.elapsedMs;
  } else if (valid(claim.deviceTime)) {
    claimed = claim.deviceTime.getTime();
  } else return receivedAt;
  return new Date(Math.min(received, Math.max(received - bound, claimed)));
}

/** The claim of a request's headers (missing or malformed parts are left out). */
export function answerClockClaim(headers: Record<string, string | string[] | undefined>): AnswerClockClaim | null {
  const one = (name: string) => {
    const v = headers[name];
    return typeof v === 'string' && v.length <= 64 ? v : undefined;
  };
  const serverDate = one(ANSWER_CLOCK_HEADERS.serverDate);
  const elapsed = one(ANSWER_CLOCK_HEADERS.elapsedMs);
  const device = one(ANSWER_CLOCK_HEADERS.deviceTime);
  if (serverDate === undefined && device === undefined) return null;
  return {
    serverDate: serverDate ? new Date(serverDate) : null,
    elapsedMs: elapsed !== undefined && /^\d{1,12}$/.test(elapsed) ? Number(elapsed) : null,
    deviceTime: device ? new Date(device) : null,
  };
}

/** An answer that reached the server well after it was made (a connection loss): both times, else null. */
export function sentLate(row: { answeredAt: Date | null; receivedAt: Date | null }): { answeredAt: string; receivedAt: string } | null {
  if (!row.answeredAt || !row.receivedAt) return null;
  return row.receivedAt.getTime() - row.answeredAt.getTime() >= SENT_LATE_MS ? { answeredAt: row.answeredAt.toISOString(), receivedAt: row.receivedAt.toISOString() } : null;
}
