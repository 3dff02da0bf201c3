import { initMessage, CHANNEL } from '../protocol';
import { startRuntime } from './runtime';

/**
 * The SCORM launcher's entry (served on the content origin by server/content/launcher.ts, a
 * Vite entry of its own). It takes orders from its parent only, and only when the parent is
 * the app (the origin the server wrote into the page); it answers to that origin alone.
 */
const appOrigin = document.querySelector<HTMLMetaElement>('meta[name="elp-app-origin"]')?.content;
const parent = window.parent;

if (appOrigin && parent !== window) {
  let started = false;
  window.addEventListener('message', (event) => {
    if (started || event.origin !== appOrigin || event.source !== parent) return;
    const init = initMessage(event.data);
    if (!init) return;
    started = true;
    startRuntime(init, (message) => parent.postMessage(message, appOrigin));
  });
  parent.postMessage({ channel: CHANNEL, type: 'ready' }, appOrigin);
}
