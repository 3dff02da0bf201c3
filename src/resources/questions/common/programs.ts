import { defineCalls, returns } from '../../../../shared/http/call';
import { programPaths, type ProgramView } from '../../../../shared/programs';
import { useCall } from '../../../http/queries';

/**
 * The programs area's calls the banks read: the programs a question may belong to, and a
 * program's lessons and exercises (the import's target). Declared here only until
 * shared/calls/programs.ts declares them (issue 11, the programs area): then import those.
 */
export const programChoiceCalls = defineCalls('programs', {
  all: { method: 'GET', path: programPaths.all, rule: 'programs', response: returns<{ id: number; label: string }[]>() },
  view: { method: 'GET', path: programPaths.view, rule: 'programs', response: returns<ProgramView>() },
});

/** The programs a question may belong to ([{ id, label }]), kept a minute. */
export const usePrograms = () => useCall(programChoiceCalls.all, {}, { staleTime: 60_000 });
