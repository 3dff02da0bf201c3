/**
 * The SignalR JSON hub protocol (version 1) over WebSocket: each message is a
 * JSON record terminated by the record separator 0x1E. Only what the official
 * @microsoft/signalr client uses with the JSON protocol is implemented.
 */
export const RS = '\u001e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

export interface InvocationMessage {
  type: 1;
  invocationId?: string;
  target: string;
  arguments: unknown[];
}

export interface CompletionMessage {
  type: 3;
  invocationId: string;
  result?: unknown;
  error?: string;
}

export type HubMessage =
  | InvocationMessage
  | CompletionMessage
  | { type: 6 }
  | { type: 7; error?: string; allowReconnect?: boolean }
  | { type: number; [k: string]: unknown };

/** Splits a frame into its JSON records (a frame may carry several). */
export function parseRecords(frame: string): unknown[] {
  return frame
    .split(RS)
    .filter((part) => part.length > 0)
    .map((part) => JSON.parse(part));
}

export const frame = (message: unknown): string => JSON.stringify(message) + RS;
