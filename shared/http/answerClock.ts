/**
 * The device's clock claim that travels with an answer (issue 31): the server decides when the
 * answer was made (server/modules/study/answerClock.ts), the device only reports what it measured.
 */
export const ANSWER_CLOCK_HEADERS = {
  /** the Date of the last answer the device had from the server (HTTP date or ISO) */
  serverDate: 'x-elp-server-date',
  /** milliseconds the device measured from that answer to the student's answer (monotonic within a page) */
  elapsedMs: 'x-elp-elapsed-ms',
  /** the device's own wall-clock time at answering (ISO), used only without a server contact */
  deviceTime: 'x-elp-device-time',
} as const;

/** The longest time an answer may have waited on the device: an earlier claim is not believed. */
export const MAX_OFFLINE_MS = 30 * 60_000;

/** An answer that reached the server this long after it was made is shown as sent late. */
export const SENT_LATE_MS = 5_000;
