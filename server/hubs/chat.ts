import { CHAT_HUB } from '../../shared/calls/chat.js';
import type { HubDefinition } from './hub-server.js';

/**
 * The chat hub (spec 3 §7.5 "chat hub": events message created, status changed). Everything is
 * written through the REST calls (server/modules/chat) and only then pushed here with
 * `app.hubs.sendToAccount(CHAT_HUB, …)`: the hub carries no writes, so a message is never lost
 * with a socket. A client that was away fetches what it missed (`…/messages?afterId=`).
 */
export const chatHub: HubDefinition = {
  path: CHAT_HUB,
  rule: 'signedIn',
  methods: {},
};
