import type { Cmi, ScormVersion } from '../../../../shared/calls/study/scorm';

/**
 * The messages between the player (app origin) and the SCORM launcher (content origin,
 * ./launcher). Both sides check the sender's origin and window before reading one, and read
 * it only through these guards: a package's script runs on the launcher's origin, so what
 * comes from there is the package's word and carries nothing but its own cmi.
 *
 *   launcher → player  ready                 the launcher listens; answer with init
 *   player → launcher  init                  the package, the cmi to start with, review or not
 *   launcher → player  state {cmi}           what the package has set so far (after SetValue)
 *   launcher → player  commit {cmi, final, nav?}  LMSCommit/Commit, autocommit, LMSFinish/Terminate
 *                                           (nav: the package's adl.nav.request at Terminate)
 *   player → launcher  terminate             another SCO is next: unload the package, end its session
 *   launcher → player  terminated            done (after the final commit, if any)
 */
export const CHANNEL = 'elp-scorm';

export interface InitMessage {
  channel: typeof CHANNEL;
  type: 'init';
  version: ScormVersion;
  cmi: Cmi;
  readOnly: boolean;
  /** the launch page on the content origin (with the attempt's capability) */
  packageUrl: string;
  title: string;
  /** SCORM 2004: what adl.nav.request_valid answers (the player's sequencing decides) */
  nav?: NavValidity;
}

export interface NavValidity {
  continue: boolean;
  previous: boolean;
  /** item id → may be chosen */
  choice: Record<string, boolean>;
  /** SCO id → may be jumped to (no choice restrictions); absent: as choice */
  jump?: Record<string, boolean>;
}

export interface TerminateMessage {
  channel: typeof CHANNEL;
  type: 'terminate';
}

export type LauncherMessage =
  | { channel: typeof CHANNEL; type: 'ready' }
  | { channel: typeof CHANNEL; type: 'state'; cmi: Cmi }
  | { channel: typeof CHANNEL; type: 'commit'; cmi: Cmi; final: boolean; nav?: string }
  | { channel: typeof CHANNEL; type: 'terminated' };

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A launcher's message, or null for anything else. */
export function launcherMessage(data: unknown): LauncherMessage | null {
  if (!isObject(data) || data.channel !== CHANNEL) return null;
  if (data.type === 'ready') return { channel: CHANNEL, type: 'ready' };
  if (data.type === 'terminated') return { channel: CHANNEL, type: 'terminated' };
  if (!isObject(data.cmi)) return null;
  if (data.type === 'state') return { channel: CHANNEL, type: 'state', cmi: data.cmi };
  if (data.type === 'commit') {
    const nav = typeof data.nav === 'string' && data.nav.length <= 300 ? { nav: data.nav } : {};
    return { channel: CHANNEL, type: 'commit', cmi: data.cmi, final: data.final === true, ...nav };
  }
  return null;
}

/** The player's init message, or null for anything else. */
export function initMessage(data: unknown): InitMessage | null {
  if (!isObject(data) || data.channel !== CHANNEL || data.type !== 'init') return null;
  const { version, cmi, readOnly, packageUrl, title, nav } = data;
  if ((version !== '1.2' && version !== '2004') || !isObject(cmi) || typeof readOnly !== 'boolean' || typeof packageUrl !== 'string' || typeof title !== 'string') return null;
  const flags = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v === true]));
  const validity = isObject(nav) && isObject(nav.choice) ? { nav: { continue: nav.continue === true, previous: nav.previous === true, choice: flags(nav.choice), ...(isObject(nav.jump) ? { jump: flags(nav.jump) } : {}) } } : {};
  return { channel: CHANNEL, type: 'init', version, cmi, readOnly, packageUrl, title, ...validity };
}

/** The player's terminate order, or null. */
export const isTerminate = (data: unknown): data is TerminateMessage => isObject(data) && data.channel === CHANNEL && data.type === 'terminate';
