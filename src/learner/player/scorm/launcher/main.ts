import { initMessage, isTerminate, CHANNEL } from '../protocol';
import { startRuntime, terminateRuntime } from './runtime';

/**
 * The SCORM launcher's entry (served on the content origin by server/content/launcher.ts, a
 * Vite entry of its own). It takes orders from its parent only, and only when the parent is
 * the app (the origin the server wrote into the page); it answers to that origin alone.
 */
const appOrigin = document.querySelector<HTMLMetaElement>('meta[name="elp-app-origin"]')?.content;
const parent = window.parent;

if (appOrigin && parent !== window) {
  let api: ReturnType<typeof startRuntime> | null = null;
  const post = (message: unknown) => parent.postMessage(message, appOrigin);
  window.addEventListener('message', (event) => {
    if (event.origin !== appOrigin || event.source !== parent) return;
    if (api && isTerminate(event.data)) {
      terminateRuntime(api);
      post({ channel: CHANNEL, type: 'terminated' });
      return;
    }
    const init = api ? null : initMessage(event.data);
    if (!init) return;
    api = startRuntime(init, post);
  });
  parent.postMessage({ channel: CHANNEL, type: 'ready' }, appOrigin);
}
