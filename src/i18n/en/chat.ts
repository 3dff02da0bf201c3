import type { CatalogueOf } from '../catalogue';
import type { chat as ru } from '../ru/chat';

/** English texts of the chat widget (`app.chat.*`). */
export const chat: CatalogueOf<typeof ru> = {
  title: 'Chat',
  search: 'Search',
  listEmpty: 'The chat list is empty',
  noMatch: 'No chats match your search',
  choose: 'Choose a chat',
  empty: 'The chat is empty',
  today: 'Today',
  close: 'Close',
  back: 'Back to the chats',
  placeholder: 'Message',
  send: 'Send',
  attach: 'Attach a file',
  removeFile: 'Remove the file',
  sendFailed: 'Sending failed',
  retry: 'Retry',
  sending: 'Sending',
  blocked: 'Blocked by the moderator',
  block: 'Block',
  older: 'Show earlier messages',
  listError: 'Failed to load the chat list',
  messagesError: 'Failed to load the chat messages',
  checkError: 'Failed to check for a chat with the instructor',
  createError: 'Failed to create the chat',
  delivery: { Send: 'Sent', Received: 'Delivered', Read: 'Read' },
  unread_one: '{{count}} unread message',
  unread_other: '{{count}} unread messages',
  moderation: 'Moderation',
  reconnecting: 'Connection lost, reconnecting…',
};
