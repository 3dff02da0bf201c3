import { SelectInput, TextInput, useRecordContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import { courseLinkCalls } from '../../../shared/calls/courseLinks';
import { flattenLinks } from '../../../shared/resources/courseLinks';
import { useCall } from '../../http/queries';

const f = (field: string) => `resources.course-links.fields.${field}`;

/** The link form: text, address, and the section it sits in (any link of the course but itself). */
export function LinkInputs() {
  const { courseId = '' } = useParams();
  const self = useRecordContext();
  const tree = useCall(courseLinkCalls.tree, { params: { courseId } }).data ?? [];
  const parents = flattenLinks(tree).filter((l) => l.id !== self?.id);
  return (
    <>
      <TextInput source="text" label={f('text')} fullWidth />
      <TextInput source="address" label={f('address')} fullWidth />
      <SelectInput source="parentId" label={f('parentId')} emptyText="—" choices={parents.map((l) => ({ id: l.id, name: `${'— '.repeat(l.depth ?? 0)}${l.text}` }))} />
    </>
  );
}
