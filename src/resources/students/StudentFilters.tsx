import { useWatch } from 'react-hook-form';
import { SearchInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { courseCalls } from '../../../shared/calls/courses';
import { studentCalls, type StudentAttribute } from '../../../shared/calls/students';
import { useCall } from '../../http/queries';

const f = (field: string) => `resources.course-students.fields.${field}`;

/** The value of a profile-attribute filter: a choice of the attribute's options, or free text. */
function AttributeValueFilter({ attributes }: { source: string; alwaysOn: boolean; attributes: StudentAttribute[] }) {
  const attributeId = useWatch({ name: 'attributeId' }) as number | string | undefined;
  const options = attributes.find((a) => String(a.id) === String(attributeId))?.options ?? [];
  if (attributeId === undefined || attributeId === '') return null;
  return options.length ? (
    <SelectInput source="attributeValue" label={f('attributeValue')} choices={options.map((o) => ({ id: String(o.id), name: o.label }))} />
  ) : (
    <TextInput source="attributeValue" label={f('attributeValue')} />
  );
}

/** The student list's filters: search, the course's groups, one profile attribute and its value (choices loaded). */
export function useStudentFilters(courseId: string) {
  const translate = useTranslate();
  const groups = useCall(courseCalls.groups, { params: { courseId } }).data ?? [];
  const attributes = useCall(studentCalls.filters, {}).data ?? [];
  return [
    <SearchInput key="search" source="search" alwaysOn />,
    <SelectInput key="groupId" source="groupId" label={f('groupId')} alwaysOn emptyText={translate('resources.course-students.all')} choices={groups} optionText="label" />,
    <SelectInput key="attributeId" source="attributeId" label={f('attributeId')} alwaysOn choices={attributes} optionText="label" />,
    <AttributeValueFilter key="attributeValue" source="attributeValue" alwaysOn attributes={attributes} />,
  ];
}
