import type { Scorm12API, Scorm2004API } from 'scorm-again';
import { lessonStatusOf } from './status';
import type { CallFailure, Cmi, CommitAnswer, LessonStatus, ScormRuntime } from './types';

type Api = Scorm12API | Scorm2004API;
type Settings = NonNullable<ConstructorParameters<typeof Scorm12API>[0]>;

export interface BridgeEvents {
  onStatus(status: LessonStatus): void;
  onSaved(answer: CommitAnswer): void;
  onFailed(failure: CallFailure): void;
}

export interface Bridge {
  api: Api;
  /** sends the data the package has set so far, surviving the page going away (keepalive) */
  flush(): void;
  /** takes the API off the window */
  dispose(): void;
}

interface ScormWindow {
  API?: unknown;
  API_1484_11?: unknown;
}

/** The commit object's cmi ({cmi: {...}} → {...}); the server stores the bare cmi. */
const bareCmi = (commit: unknown): Cmi => {
  const c = commit as { cmi?: unknown } | null;
  return (c && typeof c.cmi === 'object' && c.cmi ? c.cmi : c ?? {}) as Cmi;
};

function statusOf(api: Api, runtime: ScormRuntime): LessonStatus {
  if (runtime.version === '1.2') return lessonStatusOf('1.2', { lessonStatus: (api as Scorm12API).cmi.core.lesson_status });
  const cmi = (api as Scorm2004API).cmi;
  return lessonStatusOf('2004', { completionStatus: cmi.completion_status, successStatus: cmi.success_status });
}

/**
 * The LMS side of a SCORM package: scorm-again's Scorm12API or Scorm2004API with the saved
 * cmi loaded, put on window.API / window.API_1484_11 where the package (in a same-origin
 * iframe) looks for it. LMSCommit/Commit and LMSFinish/Terminate (and scorm-again's
 * autocommit) send the cmi to `url`; an attempt that is over plays without saving.
 */
export async function openBridge(runtime: ScormRuntime, url: string, events: BridgeEvents): Promise<Bridge> {
  const { Scorm12API, Scorm2004API } = await import('scorm-again');
  const body = (cmi: Cmi) => ({ sessionId: runtime.sessionId, scoId: runtime.scoId, cmi });
  const settings: Settings = {
    lmsCommitUrl: runtime.readOnly ? false : url,
    autocommit: !runtime.readOnly,
    autocommitSeconds: 30,
    logLevel: 4,
    requestHandler: (commit) => body(bareCmi(commit)),
    // scorm-again commits synchronously (what the SCORM standard expects); our answer is read here
    xhrResponseHandler: (xhr) => {
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        events.onSaved(json as CommitAnswer);
        return { result: 'true', errorCode: 0 };
      }
      events.onFailed({ status: xhr.status || 0, body: json });
      return { result: 'false', errorCode: 101 };
    },
  };
  const api: Api = runtime.version === '2004' ? new Scorm2004API(settings) : new Scorm12API(settings);
  api.loadFromJSON(runtime.cmi);
  const w = window as unknown as ScormWindow;
  const slot = runtime.version === '2004' ? 'API_1484_11' : 'API';
  w[slot] = api;
  api.on(runtime.version === '2004' ? 'SetValue.cmi.*' : 'LMSSetValue.cmi.*', () => events.onStatus(statusOf(api, runtime)));

  return {
    api,
    flush() {
      if (runtime.readOnly || !(api.isInitialized() || api.isTerminated())) return;
      const payload = JSON.stringify(body(bareCmi(api.renderCommitCMI(true))));
      fetch(url, { method: 'POST', keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: payload }).catch(() => undefined);
    },
    dispose() {
      api.clearScheduledCommit();
      if (w[slot] === api) delete w[slot];
    },
  };
}
