/** The chat's numbers and names both sides share (spec 2 §9, spec 3 §7.5); no imports, so the app shell carries little. */

/** Spec 2 §9: chats and messages come 20 a page, from page 1. */
export const CHAT_PAGE_SIZE = 20;
/** Our bound on one text message (the spec gives none). */
export const CHAT_MESSAGE_MAX = 4000;
/** Spec 2 §9: at most 2 receipt calls at once. */
export const RECEIPT_CONCURRENCY = 2;
/** Spec 2 §9: the chat connection starts 500 ms after the account is known. */
export const CHAT_CONNECT_DELAY_MS = 500;
/** The hub path and the events it pushes (spec 3 §7.5: message created, status changed). */
export const CHAT_HUB = '/hubs/chat';
export const ChatEvent = { messageCreated: 'MessageCreated', statusChanged: 'StatusChanged', messageBlocked: 'MessageBlocked' } as const;

/** Spec 2 §9: the chat unread counter shows K above 999. */
export function formatUnread(count: number): string {
  if (count <= 999) return String(count);
  return `${Math.floor(count / 1000)}K`;
}
