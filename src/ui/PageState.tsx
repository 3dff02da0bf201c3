import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from '../app';
import { serverText } from '../http/errors';
import { useRevealed } from './useRevealed';

export interface PageStateProps {
  isPending: boolean;
  /** shown while pending instead of the progress bar (e.g. skeletons shaped like the content) */
  loading?: ReactNode;
  error: unknown;
  /** shows the empty text instead of the children */
  isEmpty?: boolean;
  emptyText?: string;
  /** offered under the empty text (e.g. a link to where something can be added) */
  emptyAction?: ReactNode;
  /** what failed to load (default: a generic text) */
  errorTitle?: string;
  /** the whole text of a failure, for an area that words its errors itself (instead of the title and the server's reason) */
  describeError?: (error: unknown) => string;
  refetch?: () => unknown;
  /** shown instead of the error alert when the server answers 404 (e.g. the course 404 page) */
  notFound?: ReactNode;
  /** shown instead of the error alert when the server answers 403 */
  forbidden?: ReactNode;
  children: ReactNode;
}

/**
 * The load states of every page and list: loading, error with the server's reason and a retry,
 * empty, and the area's own 403/404 pages. One component for the whole app (UI kit).
 */
export function PageState({ isPending, loading, error, isEmpty, emptyText, emptyAction, errorTitle, describeError, refetch, notFound, forbidden, children }: PageStateProps) {
  const translate = useTranslate();
  // what has just loaded renders in slices (useRevealed), the page's loading state until then
  const loaded = useRevealed(isPending ? undefined : true);
  // a spinner rather than a progress bar: the first load already carries it (LinearProgress would add ~2 KB gzip to every page using the kit)
  if (!loaded) {
    return loading !== undefined ? <>{loading}</> : (
      <Box sx={{ display: 'flex', justifyContent: 'center', my: 2 }}>
        <CircularProgress data-testid="loading" size={32} />
      </Box>
    );
  }
  if (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 && notFound) return <>{notFound}</>;
    if (status === 403 && forbidden) return <>{forbidden}</>;
    return (
      <Alert
        severity="error"
        data-testid="load-error"
        action={refetch ? <Button color="inherit" size="small" onClick={() => refetch()}>{translate('app.common.retry')}</Button> : undefined}
      >
        {describeError ? describeError(error) : `${errorTitle ?? translate('app.common.loadError')} ${serverText(error) ?? ''}`}
      </Alert>
    );
  }
  if (isEmpty) {
    return (
      <Box data-testid="empty" sx={{ py: 3, textAlign: 'center' }}>
        <Typography color="text.secondary">{emptyText ?? translate('app.common.empty')}</Typography>
        {emptyAction && <Box sx={{ mt: 1 }}>{emptyAction}</Box>}
      </Box>
    );
  }
  return <>{children}</>;
}
