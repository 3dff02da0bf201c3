import { Link as MuiLink, Typography } from '@mui/material';
import { FunctionField, NumberField, TextField, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import type { AllCoursesItem, CourseRecord } from '../../../../shared/courses';
import { fieldLabel, type ResourceDeclaration } from '../../../../shared/resources/define';
import { useDates } from '../../../ui/dates';
import { DateStatusChip } from '../dateStatus';

/** The course's title as a link to its page (when the caller may open it), its group below. */
function CourseTitle({ record }: { record: Pick<CourseRecord, 'id' | 'label'> & { groupLabel?: string | null; canOpen?: boolean } }) {
  return (
    <>
      {record.canOpen === false ? (
        record.label
      ) : (
        <MuiLink component={Link} to={`/courses/${record.id}`}>
          {record.label}
        </MuiLink>
      )}
      {record.groupLabel && (
        <Typography variant="caption" color="text.secondary" display="block">
          {record.groupLabel}
        </Typography>
      )}
    </>
  );
}

function Dates({ record }: { record: { begin: string | null; end: string | null } }) {
  const { day } = useDates();
  return <>{`${day(record.begin)} — ${day(record.end)}`}</>;
}

function MyRole({ role }: { role: CourseRecord['myRole'] }) {
  const translate = useTranslate();
  return <>{role ? translate(`resources.courses.roles.${role}`) : ''}</>;
}

/** The columns of a course list: the instructor's own courses, or every course of the platform. */
export function courseColumns(decl: ResourceDeclaration, variant: 'mine' | 'all') {
  const label = (source: string) => fieldLabel(decl, source);
  const common = { sortable: false } as const;
  const title = <FunctionField key="label" source="label" label={label('label')} {...common} render={(r: RaRecord) => <CourseTitle record={r as CourseRecord} />} />;
  const program = <TextField key="programLabel" source="programLabel" label={label('programLabel')} {...common} />;
  const dates = <FunctionField key="begin" source="begin" label={label('begin')} {...common} render={(r: RaRecord) => <Dates record={r as CourseRecord} />} />;
  const students = <NumberField key="studentsCount" source="studentsCount" label={label('studentsCount')} {...common} />;
  if (variant === 'all') {
    return [
      <TextField key="id" source="id" label={label('id')} {...common} />,
      title,
      program,
      dates,
      students,
      <FunctionField key="createdBy" source="createdBy" label={label('createdBy')} {...common} render={(r: RaRecord) => (r as AllCoursesItem).createdBy?.name || (r as AllCoursesItem).createdBy?.email || ''} />,
    ];
  }
  return [
    title,
    program,
    dates,
    <FunctionField key="dateStatus" source="dateStatus" label={label('dateStatus')} {...common} render={(r: RaRecord) => <DateStatusChip status={(r as CourseRecord).dateStatus} />} />,
    students,
    <FunctionField key="myRole" source="myRole" label={label('myRole')} {...common} render={(r: RaRecord) => <MyRole role={(r as CourseRecord).myRole} />} />,
  ];
}
