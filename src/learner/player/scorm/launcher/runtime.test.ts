import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL, initMessage, launcherMessage, type InitMessage, type LauncherMessage } from '../protocol';
import { COMMIT_ON_SET_MS, startRuntime, terminateRuntime } from './runtime';

type Api12 = { LMSInitialize(p: string): string; LMSGetValue(e: string): string; LMSSetValue(e: string, v: string): string; LMSCommit(p: string): string; LMSFinish(p: string): string };
type Api2004 = { Initialize(p: string): string; GetValue(e: string): string; SetValue(e: string, v: string): string; Terminate(p: string): string };
const w = window as unknown as { API?: Api12; API_1484_11?: Api2004 };

const init = (over: Partial<InitMessage> = {}): InitMessage => ({
  channel: CHANNEL, type: 'init', version: '1.2', readOnly: false, title: 'Переменные',
  packageUrl: `${window.location.origin}/scorm/package/cap.sig/index.html?lang=ru`,
  cmi: { suspend_data: 'visits=1', core: { student_id: '7', student_name: 'Иванова, Анна', lesson_location: 'p2', entry: 'resume', lesson_mode: 'normal' } },
  ...over,
});

afterEach(() => {
  delete w.API;
  delete w.API_1484_11;
  document.body.innerHTML = '';
});

describe('the launcher runtime (content origin)', () => {
  it('puts the API with the saved data on its window, then opens the package; commits and what the package sets go to the player', async () => {
    const posted: LauncherMessage[] = [];
    startRuntime(init(), (m) => posted.push(m));
    const frame = document.querySelector('iframe')!;
    expect(frame.src).toBe(`${window.location.origin}/scorm/package/cap.sig/index.html?lang=ru`);
    const api = w.API!;
    expect(api.LMSInitialize('')).toBe('true');
    expect(api.LMSGetValue('cmi.core.lesson_location')).toBe('p2');
    expect(api.LMSGetValue('cmi.suspend_data')).toBe('visits=1');
    expect(api.LMSGetValue('cmi.core.student_name')).toBe('Иванова, Анна');

    api.LMSSetValue('cmi.core.lesson_status', 'incomplete');
    api.LMSSetValue('cmi.core.lesson_location', 'p3');
    await vi.waitFor(() => expect(posted.filter((m) => m.type === 'state')).toHaveLength(1));
    expect(posted[0]).toMatchObject({ type: 'state', cmi: { core: { lesson_status: 'incomplete', lesson_location: 'p3' } } });

    expect(api.LMSCommit('')).toBe('true');
    const commit = posted.find((m) => m.type === 'commit');
    expect(commit).toMatchObject({ channel: CHANNEL, type: 'commit', final: false, cmi: { suspend_data: 'visits=1', core: { lesson_status: 'incomplete', lesson_location: 'p3' } } });
    expect(api.LMSFinish('')).toBe('true');
    expect(posted.filter((m) => m.type === 'commit').at(-1)).toMatchObject({ final: true });
  });

  it('SCORM 2004 is on window.API_1484_11', () => {
    const posted: LauncherMessage[] = [];
    startRuntime(init({ version: '2004', cmi: { location: 'p7', learner_id: '7', entry: 'resume', mode: 'normal' } }), (m) => posted.push(m));
    const api = w.API_1484_11!;
    expect(w.API).toBeUndefined();
    expect(api.Initialize('')).toBe('true');
    expect(api.GetValue('cmi.location')).toBe('p7');
    api.SetValue('cmi.completion_status', 'completed');
    expect(api.Terminate('')).toBe('true');
    expect(posted.filter((m) => m.type === 'commit').at(-1)).toMatchObject({ final: true, cmi: { completion_status: 'completed' } });
  });

  it('commits (not final) shortly after the package sets its score or status, once per burst', async () => {
    vi.useFakeTimers();
    try {
      const posted: LauncherMessage[] = [];
      startRuntime(init(), (m) => posted.push(m));
      const api = w.API!;
      api.LMSInitialize('');
      const commits = () => posted.filter((m) => m.type === 'commit');
      api.LMSSetValue('cmi.core.lesson_location', 'p4');
      vi.advanceTimersByTime(COMMIT_ON_SET_MS * 2);
      expect(commits()).toHaveLength(0);
      api.LMSSetValue('cmi.core.score.raw', '40');
      api.LMSSetValue('cmi.core.lesson_status', 'failed');
      expect(commits()).toHaveLength(0);
      vi.advanceTimersByTime(COMMIT_ON_SET_MS);
      expect(commits()).toEqual([expect.objectContaining({ final: false, cmi: expect.objectContaining({ core: expect.objectContaining({ lesson_status: 'failed', score: expect.objectContaining({ raw: '40' }) }) }) })]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('SCORM 2004: a score or success status set is committed at once too', async () => {
    const posted: LauncherMessage[] = [];
    startRuntime(init({ version: '2004', cmi: {} }), (m) => posted.push(m));
    const api = w.API_1484_11!;
    api.Initialize('');
    api.SetValue('cmi.score.scaled', '0.5');
    await vi.waitFor(() => expect(posted.find((m) => m.type === 'commit')).toMatchObject({ final: false, cmi: { score: { scaled: '0.5' } } }));
  });

  it('SCORM 1.2: the mastery score reaches the package; LMSFinish judges a score against it', () => {
    const scored: LauncherMessage[] = [];
    startRuntime(init({ cmi: { core: { lesson_mode: 'normal', credit: 'credit' }, student_data: { mastery_score: '80' } } }), (m) => scored.push(m));
    w.API!.LMSInitialize('');
    expect(w.API!.LMSGetValue('cmi.student_data.mastery_score')).toBe('80');
    w.API!.LMSSetValue('cmi.core.score.raw', '60');
    w.API!.LMSFinish('');
    expect(scored.filter((m) => m.type === 'commit').at(-1)).toMatchObject({ final: true, cmi: { core: { lesson_status: 'failed' } } });
  });

  it('SCORM 2004: adl.nav.request_valid answers what the player allows; the package\'s request goes with the final commit', () => {
    const posted: LauncherMessage[] = [];
    startRuntime(init({ version: '2004', cmi: { learner_id: '7', entry: 'ab-initio', mode: 'normal' }, nav: { continue: true, previous: false, choice: { posttest: true, m1: false, bonus: false }, jump: { bonus: true, m1: false } } }), (m) => posted.push(m));
    const api = w.API_1484_11!;
    api.Initialize('');
    // a jump is not held back by choice restrictions: answered on its own
    expect(api.GetValue('adl.nav.request_valid.jump.{target=bonus}')).toBe('true');
    expect(api.GetValue('adl.nav.request_valid.jump.{target=m1}')).toBe('false');
    expect(api.GetValue('adl.nav.request_valid.continue')).toBe('true');
    expect(api.GetValue('adl.nav.request_valid.previous')).toBe('false');
    expect(api.GetValue('adl.nav.request_valid.choice.{target=posttest}')).toBe('true');
    expect(api.GetValue('adl.nav.request_valid.choice.{target=m1}')).toBe('false');
    expect(api.SetValue('adl.nav.request', '{target=posttest}choice')).toBe('true');
    api.Terminate('');
    expect(posted.filter((m) => m.type === 'commit').at(-1)).toMatchObject({ final: true, nav: '{target=posttest}choice' });
  });

  it('SCORM 2004: the objectives the server declares in cmi.objectives are found by id and written without error', () => {
    startRuntime(init({ version: '2004', cmi: { learner_id: '7', entry: 'ab-initio', mode: 'normal', objectives: { 0: { id: 'obj-a' }, 1: { id: 'obj-b', completion_status: 'completed' } } } }), () => undefined);
    const api = w.API_1484_11!;
    expect(api.Initialize('')).toBe('true');
    expect(api.GetValue('cmi.objectives._count')).toBe('2');
    expect([api.GetValue('cmi.objectives.0.id'), api.GetValue('cmi.objectives.1.id')]).toEqual(['obj-a', 'obj-b']);
    expect(api.GetValue('cmi.objectives.1.completion_status')).toBe('completed');
    expect(api.SetValue('cmi.objectives.0.success_status', 'passed')).toBe('true');
    expect(api.SetValue('cmi.objectives.0.score.scaled', '0.5')).toBe('true');
  });

  it('tells the player the package started (LMSInitialize / Initialize), so leaving ends only a session that began', async () => {
    for (const version of ['1.2', '2004'] as const) {
      const posted: LauncherMessage[] = [];
      startRuntime(init({ version, cmi: {} }), (m) => posted.push(m));
      await new Promise((ok) => setTimeout(ok, 5));
      expect(posted).toEqual([]);
      if (version === '1.2') w.API!.LMSInitialize('');
      else w.API_1484_11!.Initialize('');
      await vi.waitFor(() => expect(posted.map((m) => m.type)).toEqual(['state']));
      document.body.innerHTML = '';
    }
  });

  it('SCORM 1.2: a SCO that finishes without a status is completed; the player\'s terminate ends a session the package left open', () => {
    const posted: LauncherMessage[] = [];
    const api = startRuntime(init({ cmi: { core: { student_id: '7', entry: 'ab-initio', lesson_mode: 'normal' } } }), (m) => posted.push(m));
    w.API!.LMSInitialize('');
    w.API!.LMSSetValue('cmi.core.lesson_location', 'p9');
    terminateRuntime(api);
    expect(document.querySelector('iframe')).toBeNull();
    expect(posted.filter((m) => m.type === 'commit').at(-1)).toMatchObject({ final: true, cmi: { core: { lesson_status: 'completed', lesson_location: 'p9' } } });
    // a package that set its status keeps it
    startRuntime(init({ cmi: { core: { student_id: '7', entry: 'ab-initio', lesson_mode: 'normal' } } }), (m) => posted.push(m));
    w.API!.LMSInitialize('');
    w.API!.LMSSetValue('cmi.core.lesson_status', 'incomplete');
    w.API!.LMSFinish('');
    expect(posted.filter((m) => m.type === 'commit').at(-1)).toMatchObject({ final: true, cmi: { core: { lesson_status: 'incomplete' } } });
  });

  it('a review posts nothing', async () => {
    const posted: LauncherMessage[] = [];
    startRuntime(init({ readOnly: true }), (m) => posted.push(m));
    const api = w.API!;
    api.LMSInitialize('');
    api.LMSSetValue('cmi.core.lesson_location', 'p9');
    api.LMSCommit('');
    api.LMSFinish('');
    await new Promise((ok) => setTimeout(ok, 10));
    expect(posted).toEqual([]);
  });

  it('opens no package page of another origin', () => {
    expect(() => startRuntime(init({ packageUrl: 'http://app.example/api/account/state' }), () => undefined)).toThrow(/content origin/);
    expect(document.querySelector('iframe')).toBeNull();
    expect(w.API).toBeUndefined();
  });
});

describe('protocol guards', () => {
  it('read only well-formed messages of the channel', () => {
    expect(launcherMessage({ channel: CHANNEL, type: 'ready', extra: 1 })).toEqual({ channel: CHANNEL, type: 'ready' });
    expect(launcherMessage({ channel: CHANNEL, type: 'commit', cmi: { a: 1 }, final: 'yes' })).toEqual({ channel: CHANNEL, type: 'commit', cmi: { a: 1 }, final: false });
    for (const bad of [null, 'ready', { type: 'ready' }, { channel: CHANNEL, type: 'commit', cmi: [1] }, { channel: CHANNEL, type: 'call', url: '/api' }]) expect(launcherMessage(bad)).toBeNull();
    expect(initMessage(init())).toEqual(init());
    for (const bad of [{ ...init(), version: '3' }, { ...init(), cmi: 'x' }, { ...init(), readOnly: 'no' }, { ...init(), type: 'ready' }]) expect(initMessage(bad)).toBeNull();
  });
});
