import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { CourseForbiddenPage, CourseNotFoundPage } from '../../../errors';
import { asApiError, errorText } from '../api';

interface Props {
  isPending: boolean;
  error: unknown;
  /** shows the empty text instead of the children */
  isEmpty?: boolean;
  emptyText?: string;
  /** what failed to load */
  errorTitle?: string;
  refetch?: () => unknown;
  /** a 403/404 of the course (or course group) shows the course 403/404 page ('Перейти к списку курсов') */
  coursePages?: boolean;
  children: ReactNode;
}

/** Loading, error (with retry), empty, forbidden and not-found states of a course screen. */
export function PageState({ isPending, error, isEmpty, emptyText, errorTitle, refetch, coursePages = true, children }: Props) {
  const translate = useTranslate();
  if (isPending) return <LinearProgress data-testid="loading" sx={{ my: 2 }} />;
  if (error) {
    const status = asApiError(error).status;
    if (coursePages && status === 404) return <CourseNotFoundPage />;
    if (coursePages && status === 403) return <CourseForbiddenPage />;
    return (
      <Alert
        severity="error"
        data-testid="load-error"
        action={
          refetch ? (
            <Button color="inherit" size="small" onClick={() => refetch()}>
              {translate('resources.courses.actions.retry')}
            </Button>
          ) : undefined
        }
      >
        {errorTitle ?? translate('resources.courses.messages.loadError')} {errorText(error)}
      </Alert>
    );
  }
  if (isEmpty) {
    return (
      <Box data-testid="empty" sx={{ py: 3, textAlign: 'center' }}>
        <Typography color="text.secondary">{emptyText ?? translate('resources.courses.messages.empty')}</Typography>
      </Box>
    );
  }
  return <>{children}</>;
}
