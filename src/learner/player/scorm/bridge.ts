import { scormCalls, type Cmi, type CommitAnswer, type LessonStatus, type ScormLaunch } from '../../../../shared/calls/study/scorm';
import { callApi, callUrl } from '../../../http/client';
import { CHANNEL, launcherMessage, type InitMessage, type NavValidity } from './protocol';
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
  /** the package ended its session (LMSFinish/Terminate) and its final commit was saved; `nav` is its adl.nav.request */
  onEnded?(nav: string | undefined): void;
  /** the final commit sent on leaving has been answered (the player may be gone: pages that show the exercise refresh) */
  onLeft?(): void;
}

export interface Bridge {
  /**
   * The learner leaves the player (the course link, the menu, back, closing the tab): the SCO's
   * session ends as Next ends it — the launcher is told to terminate and the final commit of
   * what the package set is sent, surviving the page going away (keepalive; 1.2: no status is
   * completed, by the server's end-of-session rules). Once per session; nothing for a session
   * that already ended, a package that never initialised, or a review.
   */
  leave(): void;
  /** leaves, and stops listening (after a grace period for the package's last words) */
  dispose(): void;
  /** ends the SCO's session (another SCO is next): resolves once its final commit is saved */
  terminate(): Promise<void>;
}

/** How long a SCO may take to end its session when the learner moves on. */
const TERMINATE_TIMEOUT_MS = 5_000;

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
export function openBridge(frame: HTMLIFrameElement, runtime: ScormLaunch, params: ExerciseParams, events: BridgeEvents, nav?: NavValidity): Bridge {
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
  // the package called LMSInitialize/Initialize (the launcher says so, or sent what it set)
  let started = false;
  // the session ended: the package finished, or the player terminated or left it
  let sessionOver = false;
  let terminating: (() => void) | null = null;
  let drained: Promise<void> = Promise.resolve();

  const keepalive = (cmi: Cmi, final = false) => {
    lastSent = JSON.stringify(cmi);
    // the page is going away: only a keepalive fetch outlives it (the app's client cannot ask for one)
    return fetch(callUrl(scormCalls.commit, { params }), { method: 'POST', keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body(cmi, final)) }).then(
      () => undefined,
      () => undefined,
    );
  };

  let waitingFinal = false;
  function save(cmi: Cmi, final: boolean): Promise<void> {
    waiting = cmi;
    waitingFinal ||= final;
    if (!saving) drained = saveAll();
    return drained;
  }
  async function saveAll() {
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
    if (message.type === 'terminated') {
      sessionOver = true;
      const done = terminating;
      terminating = null;
      if (done) void drained.then(done);
      return;
    }
    if (message.type === 'ready') {
      ready = true;
      const init: InitMessage = { channel: CHANNEL, type: 'init', version: runtime.version, cmi: latest, readOnly: runtime.readOnly, packageUrl: runtime.contentUrl, title: runtime.title ?? runtime.launch, ...(nav ? { nav } : {}) };
      launcher.postMessage(init, launcherOrigin);
      return;
    }
    latest = message.cmi;
    started = true;
    if (!closing) events.onStatus(statusOfCmi(runtime.version, latest));
    if (message.type !== 'commit') return;
    if (message.final) sessionOver = true;
    const ended = message.final && !terminating && !closing ? () => events.onEnded?.(message.nav) : null;
    if (runtime.readOnly) return void ended?.();
    if (closing) void keepalive(latest, message.final);
    else void save(latest, message.final).then(() => ended?.());
  }

  window.addEventListener('message', onMessage);
  const stalled = window.setTimeout(() => !ready && events.onStalled(), READY_TIMEOUT_MS);

  const bridge: Bridge = {
    leave() {
      if (runtime.readOnly || !launcher) return;
      if (sessionOver || !started) {
        // nothing to end: only what was set since the last save
        if (JSON.stringify(latest) !== lastSent) void keepalive(latest);
        return;
      }
      sessionOver = true;
      // the final commit carries the newest data: a commit still waiting to be saved would come after it and undo it
      waiting = null;
      waitingFinal = false;
      // the package's own LMSFinish/Terminate, if the launcher still gets to it, comes as a final commit too
      if (ready) launcher.postMessage({ channel: CHANNEL, type: 'terminate' }, launcherOrigin);
      void keepalive(latest, true).then(() => events.onLeft?.());
    },
    terminate() {
      if (!ready || closing || !launcher) return drained;
      return new Promise<void>((ok) => {
        const timer = window.setTimeout(() => {
          terminating = null;
          ok();
        }, TERMINATE_TIMEOUT_MS);
        terminating = () => {
          window.clearTimeout(timer);
          ok();
        };
        launcher.postMessage({ channel: CHANNEL, type: 'terminate' }, launcherOrigin);
      });
    },
    dispose() {
      window.clearTimeout(stalled);
      if (closing) return;
      bridge.leave();
      closing = true;
      window.setTimeout(() => window.removeEventListener('message', onMessage), CLOSING_GRACE_MS);
    },
  };
  return bridge;
}
