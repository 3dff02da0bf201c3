import { SelectInput, TextInput } from 'react-admin';
import { useParams } from 'react-router-dom';
import { courseInstructorCalls } from '../../../shared/calls/courseInstructors';
import { useCall } from '../../http/queries';

/** The group form: its name and its lead, one of the course's staff (the list may be closed to the caller: then none to choose). */
export function GroupInputs() {
  const { courseId = '' } = useParams();
  const staff = useCall(courseInstructorCalls.list, { params: { courseId } }, { retry: false }).data ?? [];
  return (
    <>
      <TextInput source="label" label="resources.groups.fields.label" fullWidth />
      <SelectInput source="lead" label="resources.groups.fields.lead" choices={staff.map((s) => ({ id: s.accountId, name: s.name || s.email }))} emptyText="—" />
    </>
  );
}
