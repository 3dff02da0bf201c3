import { SelectInput } from 'react-admin';
import type { ApplicationStatus } from '../../../shared/enums';

/** The i18n key of an application's status (enrolment and expulsion applications share them). */
export const statusLabel = (status: string) => `resources.applications-enrollment.status.${status}`;

/** An application list's status filter: the statuses to choose, and `empty` (an i18n key) naming what no choice shows. */
export const statusFilters = (empty: string, statuses: readonly ApplicationStatus[]) => [
  <SelectInput
    key="status"
    source="status"
    label="resources.applications-enrollment.fields.status"
    alwaysOn
    emptyText={empty}
    choices={statuses.map((s) => ({ id: s, name: statusLabel(s) }))}
  />,
];
