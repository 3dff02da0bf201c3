import { programCalls } from '../../../../shared/calls/programs';
import { useCall } from '../../../http/queries';

/** The programs a question may belong to ([{ id, label }]), kept a minute. */
export const usePrograms = () => useCall(programCalls.choices, {}, { staleTime: 60_000 });
