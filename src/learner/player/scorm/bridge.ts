import { scormCalls, type Cmi, type CommitAnswer, type LessonStatus, type ScormLaunch } from '../../../../shared/calls/study/scorm';
import { callApi, callUrl } from '../../../http/client';
import { CHANNEL, launcherMessage, type InitMessage } from './protocol';
import { statusOfCmi } from './status';

/** A failed call, shaped as the app's HTTP errors (status and the spec's error body). */
export interface CallFailure {
  status: number;
  body: unknown;
}

/** The exercise whose package plays (the path of its calls). */
export interface ExerciseParams {
  courseId: string;
  exerciseId: string;
}

export interface BridgeEvents {
  onStatus(status: LessonStatus): void;
  onSaved(answer: CommitAnswer): void;
  onFailed(failure: CallFailure): void;
  /** the launcher never said it was ready */
  onStalled(): void;
}

export interface Bridge {
  /** sends what the package has set since the last save, surviving the page going away (keepalive) */
  flush(): void;
  /** stops listening (after a grace period for the package's last words) */
  dispose(): void;
}

/** How long the launcher may take to say it is ready. */
export const READY_TIMEOUT_MS = 20_000;
/** After the player closes, the launcher's final commit is still taken this long. */
const CLOSING_GRACE_MS = 2_000;

/**
 * The player's side of the SCORM runtime. The package and scorm-again run in the launcher on
 * the content origin (`frame`); only its messages cross — from that origin and that window
 * alone — and the player makes the calls with the student's session: commits are saved one
 * at a time, the newest waiting while one is on its way. An attempt that is over saves nothing.
 */
export function openBridge(frame: HTMLIFrameElement, runtime: ScormLaunch, params: ExerciseParams, events: BridgeEvents): Bridge {
  const launcherOrigin = new URL(runtime.launcherUrl, window.location.href).origin;
  // the frame's window stays the same while it navigates, and is still the sender of the
  // launcher's last messages after the frame left the page
  const launcher = frame.contentWindow;
  // final: the package finished (LMSFinish/Terminate), the server applies the end-of-session rules (scoOutcome)
  const body = (cmi: Cmi, final = false) => ({ sessionId: runtime.sessionId, scoId: runtime.scoId, cmi, ...(final ? { final } : {}) });
  let latest: Cmi = runtime.cmi;
  let lastSent = JSON.stringify(latest);
  let waiting: Cmi | null = null;
  let saving = false;
  let closing = false;
  let ready = false;

  const keepalive = (cmi: Cmi, final = false) => {
    lastSent = JSON.stringify(cmi);
    // the page is going away: only a keepalive fetch outlives it (the app's client cannot ask for one)
    fetch(callUrl(scormCalls.commit, { params }), { method: 'POST', keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body(cmi, final)) }).catch(() => undefined);
  };

  let waitingFinal = false;
  async function save(cmi: Cmi, final: boolean) {
    waiting = cmi;
    waitingFinal ||= final;
    if (saving) return;
    saving = true;
    while (waiting) {
      const next: Cmi = waiting;
      const nextFinal = waitingFinal;
      waiting = null;
      waitingFinal = false;
      lastSent = JSON.stringify(next);
      try {
        events.onSaved(await callApi(scormCalls.commit, { params, body: body(next, nextFinal) }));
      } catch (error) {
        events.onFailed(error as CallFailure);
      }
    }
    saving = false;
  }

  function onMessage(event: MessageEvent) {
    if (!launcher || event.origin !== launcherOrigin || event.source !== launcher) return;
    const message = launcherMessage(event.data);
    if (!message) return;
    if (message.type === 'ready') {
      ready = true;
      const init: InitMessage = { channel: CHANNEL, type: 'init', version: runtime.version, cmi: latest, readOnly: runtime.readOnly, packageUrl: runtime.contentUrl, title: runtime.title ?? runtime.launch };
      launcher.postMessage(init, launcherOrigin);
      return;
    }
    latest = message.cmi;
    if (!closing) events.onStatus(statusOfCmi(runtime.version, latest));
    if (runtime.readOnly || message.type !== 'commit') return;
    if (closing) keepalive(latest, message.final);
    else void save(latest, message.final);
  }

  window.addEventListener('message', onMessage);
  const stalled = window.setTimeout(() => !ready && events.onStalled(), READY_TIMEOUT_MS);

  const bridge: Bridge = {
    flush() {
      if (runtime.readOnly || JSON.stringify(latest) === lastSent) return;
      keepalive(latest);
    },
    dispose() {
      window.clearTimeout(stalled);
      if (closing) return;
      closing = true;
      bridge.flush();
      window.setTimeout(() => window.removeEventListener('message', onMessage), CLOSING_GRACE_MS);
    },
  };
  return bridge;
}
