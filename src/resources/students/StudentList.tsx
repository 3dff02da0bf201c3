import { Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { Datagrid, FunctionField, TextField, useTranslate, type RaRecord } from 'react-admin';
import { useParams } from 'react-router-dom';
import { studentCalls } from '../../../shared/calls/students';
import { expelledStudentResource, studentResource } from '../../../shared/resources/students';
import { useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { useDates } from '../../ui/dates';
import { DeclaredList } from '../factory/DeclaredList';
import { fillRoute } from '../factory/paths';
import { STUDENT_PATHS } from './paths';
import { StudentActions } from './StudentActions';
import { useStudentFilters } from './StudentFilters';

const k = (key: string) => `resources.course-students.${key}`;
const f = (field: string) => `resources.course-students.fields.${field}`;

function StudyingList({ courseId }: { courseId: string }) {
  const filters = useStudentFilters(courseId);
  return (
    <DeclaredList decl={studentResource} filters={filters} actions={<StudentActions courseId={courseId} />}>
      <Datagrid rowClick={(id) => fillRoute(STUDENT_PATHS.page, { courseId, accountId: id })} bulkActionButtons={false}>
        <FunctionField source="name" label={f('name')} sortable={false} render={(s: RaRecord) => s.name || s.email} />
        <TextField source="email" label={f('email')} sortable={false} />
        <FunctionField source="groupLabel" label={f('groupLabel')} sortable={false} render={(s: RaRecord) => s.groupLabel ?? '—'} />
        <FunctionField source="progress" label={f('progress')} sortable={false} render={(s: RaRecord) => `${Math.round(Number(s.progress) * 100)}%`} />
      </Datagrid>
    </DeclaredList>
  );
}

function ExpelledList({ courseId }: { courseId: string }) {
  const dates = useDates();
  const reasons = useCall(studentCalls.kickReasons, { params: { courseId } }).data ?? [];
  const f2 = (field: string) => `resources.course-expelled-students.fields.${field}`;
  return (
    <DeclaredList decl={expelledStudentResource}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <FunctionField source="name" label={f2('name')} render={(s: RaRecord) => s.name || s.email} />
        <TextField source="email" label={f2('email')} />
        <FunctionField source="kickReason" label={f2('kickReason')} sortable={false} render={(s: RaRecord) => reasons.find((r) => r.id === s.kickReason)?.label ?? s.kickReason ?? '—'} />
        <FunctionField source="kickedAt" label={f2('kickedAt')} render={(s: RaRecord) => dates.day(s.kickedAt) || '—'} />
      </Datagrid>
    </DeclaredList>
  );
}

/** /courses/{courseId}/student-management: students studying (search, group, profile attribute) and those who left. */
export function StudentList() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const [tab, setTab] = useState<'studying' | 'expelled'>('studying');
  return (
    <PageFrame title={translate(k('title'))} back={`/courses/${courseId}`} plain>
      <Tabs value={tab} onChange={(_, v: 'studying' | 'expelled') => setTab(v)} variant="scrollable" allowScrollButtonsMobile>
        <Tab value="studying" label={translate(k('tabStudying'))} />
        <Tab value="expelled" label={translate(k('tabExpelled'))} />
      </Tabs>
      {tab === 'studying' ? <StudyingList courseId={courseId} /> : <ExpelledList courseId={courseId} />}
    </PageFrame>
  );
}
