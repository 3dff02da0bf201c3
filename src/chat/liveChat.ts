import { CHAT_HUB } from '../../shared/calls/chat';
import { callApi } from '../http/client';
import { openHub, type LiveHub } from '../learner/realtime/hubConnection';
import { ChatStore } from './chatStore';

export interface LiveChat {
  store: ChatStore;
  hub: LiveHub;
  stop(): Promise<void>;
}

/**
 * The signed-in account's chat: its store and the /hubs/chat connection (reconnects on its own,
 * spec 2 §9 retry times). Each (re)connect fetches what was missed (tried again until it gets it),
 * so nothing is lost or doubled.
 * Loaded on demand (after the spec's 500 ms connect delay), not with the first page.
 */
export function startLiveChat(accountId: number): LiveChat {
  const store = new ChatStore(callApi, accountId);
  let stopped = false;
  const hub = openHub(CHAT_HUB, () => void store.catchUpUntilDone(() => stopped));
  store.attach(hub.connection);
  return {
    store,
    hub,
    stop: () => {
      stopped = true;
      return hub.stop();
    },
  };
}
