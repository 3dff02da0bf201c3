import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CourseDateStatus } from '../../../shared/courses';

const color = { current: 'success', future: 'info', past: 'default' } as const;

/** Where a course stands today: running, upcoming or finished. */
export function DateStatusChip({ status }: { status: CourseDateStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={color[status]} label={translate(`resources.courses.dateStatus.${status}`)} />;
}
