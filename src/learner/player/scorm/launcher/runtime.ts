import { Scorm12API, Scorm2004API } from 'scorm-again';
import { CHANNEL, type InitMessage, type LauncherMessage, type NavValidity } from '../protocol';
import type { Cmi } from '../../../../../shared/calls/study/scorm';

type Api = Scorm12API | Scorm2004API;
type Settings = NonNullable<ConstructorParameters<typeof Scorm12API>[0]>;
type HttpService = NonNullable<Settings['httpService']>;

/** The commit object's cmi ({cmi: {...}} → {...}); the server stores the bare cmi. */
export const bareCmi = (commit: unknown): Cmi => {
  const c = commit as { cmi?: unknown } | null;
  return (c && typeof c.cmi === 'object' && c.cmi ? c.cmi : c ?? {}) as Cmi;
};

/** What the package sets that is its result: saved as soon as it is set (debounced), not on the 30 s autocommit. */
export const RESULT_ELEMENT = /^cmi\.(core\.score\.|core\.lesson_status$|score\.|success_status$|completion_status$)/;
/** How long a burst of result settings (raw, max, status…) is waited for before the commit. */
export const COMMIT_ON_SET_MS = 400;

interface ScormWindow {
  API?: unknown;
  API_1484_11?: unknown;
}

/**
 * Runs the LMS side of the package in the launcher (content origin): scorm-again's Scorm12API
 * or Scorm2004API with the cmi the player sent, on window.API / window.API_1484_11 where the
 * package's frame (a child of this page) looks for it, then the package itself. Commits are
 * posted to the player, which saves them with the student's session: a commit answers the
 * package at once (SCORM calls are synchronous), a failed save shows in the player. What the
 * package sets is posted too (coalesced), so the player can save it when the page goes away.
 */
export function startRuntime(init: InitMessage, post: (message: LauncherMessage) => void, win: Window = window): Api {
  const packageUrl = packageAddress(init.packageUrl, win);
  const commits: HttpService = {
    processHttpRequest(_url, params, immediate, _log, processListeners) {
      // at Terminate: the package's navigation request (SCORM 2004) goes with the final commit
      const nav = immediate && init.version === '2004' ? navRequest(api) : undefined;
      post({ channel: CHANNEL, type: 'commit', cmi: bareCmi(params), final: immediate, ...(nav ? { nav } : {}) });
      processListeners('CommitSuccess');
      return { result: 'true', errorCode: 0 };
    },
    updateSettings() {},
  };
  const settings: Settings = {
    // any string: scorm-again commits only with an address; ours go through `commits`
    lmsCommitUrl: init.readOnly ? false : 'elp:player',
    httpService: init.readOnly ? null : commits,
    autocommit: !init.readOnly,
    autocommitSeconds: 30,
    // SCORM 1.2 RTE: a SCO that finishes without a status is completed (the server applies the same rule to
    // a final commit, scoOutcome.ts finishCmi); mastery_override (on by default) judges a score against
    // cmi.student_data.mastery_score at LMSFinish, as the server does
    autoCompleteLessonStatus: true,
    logLevel: 4,
    // adl.nav.request_valid.choice.{target=…}: what the player's sequencing allows
    ...(init.nav ? { scoItemIdValidator: (target: string) => init.nav!.choice[target] === true } : {}),
  };
  const api: Api = init.version === '2004' ? new Scorm2004API(settings) : new Scorm12API(settings);
  api.loadFromJSON(init.cmi);
  if (init.version === '2004' && init.nav) answerNavValidity(api as Scorm2004API, init.nav);
  if (api instanceof Scorm12API && !init.readOnly) {
    // scorm-again takes its own default 'not attempted' for a status the SCO set, so that
    // autoCompleteLessonStatus never applies: a SCO that never sets one is completed at LMSFinish
    api.on('LMSInitialize', () => {
      if (api.cmi.core.lesson_status === 'not attempted') (api as unknown as { statusSetByModule: boolean }).statusSetByModule = false;
    });
  }
  const slot = init.version === '2004' ? 'API_1484_11' : 'API';
  (win as unknown as ScormWindow)[slot] = api;

  if (!init.readOnly) {
    let queued = false;
    let resultTimer: number | undefined;
    const postState = () => {
      queued = false;
      if (api.isInitialized() || api.isTerminated()) post({ channel: CHANNEL, type: 'state', cmi: bareCmi(api.renderCommitCMI(true)) });
    };
    const commitResult = () => {
      resultTimer = undefined;
      if (api.isInitialized()) post({ channel: CHANNEL, type: 'commit', cmi: bareCmi(api.renderCommitCMI(true)), final: false });
    };
    api.on(init.version === '2004' ? 'SetValue.cmi.*' : 'LMSSetValue.cmi.*', (element: string) => {
      if (typeof element === 'string' && RESULT_ELEMENT.test(element)) {
        win.clearTimeout(resultTimer);
        resultTimer = win.setTimeout(commitResult, COMMIT_ON_SET_MS);
      }
      if (queued) return;
      queued = true;
      win.setTimeout(postState, 0);
    });
    win.addEventListener('pagehide', postState);
    // the player ends a session the package started (and only one) when the learner leaves
    api.on(init.version === '2004' ? 'Initialize' : 'LMSInitialize', () => {
      if (queued) return;
      queued = true;
      win.setTimeout(postState, 0);
    });
  }

  const doc = win.document;
  const frame = doc.createElement('iframe');
  frame.title = init.title;
  frame.allow = 'fullscreen';
  frame.src = packageUrl;
  doc.body.appendChild(frame);
  return api;
}

/**
 * adl.nav.request_valid.* as the player's sequencing decided (set before Initialize, read-only
 * after). scorm-again answers choice and jump with one validator (ours: choice); a jump is not
 * held back by choice restrictions (SN 4th edition), so its question is answered here.
 */
function answerNavValidity(api: Scorm2004API, nav: NavValidity): void {
  const valid = api.adl.nav.request_valid as unknown as { continue: string; previous: string };
  const b = (v: boolean) => (v ? 'true' : 'false');
  valid.continue = b(nav.continue);
  valid.previous = b(nav.previous);
  const jump = nav.jump;
  if (!jump) return;
  const getValue = api.GetValue.bind(api);
  api.GetValue = (element: string) => {
    const answer = getValue(element);
    const m = /^adl\.nav\.request_valid\.jump\.\{target=([^}]+)\}$/.exec(element);
    return m ? b(jump[m[1]] === true) : answer;
  };
}

function navRequest(api: Api): string | undefined {
  const value = (api as Scorm2004API).adl?.nav?.request;
  return typeof value === 'string' && value && value !== '_none_' ? value : undefined;
}

/**
 * Ends the SCO's session for the player (another SCO is next): the package's frame is
 * removed (its unload handler may still call Terminate/LMSFinish), then the session is
 * terminated if the package did not, which sends the final commit.
 */
export function terminateRuntime(api: Api, win: Window = window): void {
  win.document.querySelectorAll('iframe').forEach((f) => f.remove());
  if (api.isInitialized() && !api.isTerminated()) {
    if (api instanceof Scorm2004API) api.Terminate('');
    else api.LMSFinish('');
  }
}

/** The package's launch page: only an address of this (content) origin is opened. */
export function packageAddress(url: string, win: Window): string {
  const target = new URL(url, win.location.href);
  if (target.origin !== win.location.origin) throw new Error('the package is not on the content origin');
  return target.href;
}
