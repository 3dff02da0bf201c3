import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { ProgramNotFoundPage } from '../../../errors';
import { asApiError, errorText } from '../api';

interface Props {
  isPending: boolean;
  error: unknown;
  /** shows the empty message instead of the children */
  isEmpty?: boolean;
  emptyText?: string;
  /** what failed to load (default: a generic text) */
  errorTitle?: string;
  refetch?: () => unknown;
  /** a 404 of the program (or of what is inside it) shows the program 404 page */
  notFoundPage?: boolean;
  children: ReactNode;
}

/** Loading, error (with retry), empty and not-found states of a program screen. */
export function PageState({ isPending, error, isEmpty, emptyText, errorTitle, refetch, notFoundPage = true, children }: Props) {
  const translate = useTranslate();
  if (isPending) return <LinearProgress data-testid="loading" sx={{ my: 2 }} />;
  if (error) {
    if (notFoundPage && asApiError(error).status === 404) return <ProgramNotFoundPage />;
    return (
      <Alert
        severity="error"
        data-testid="load-error"
        action={refetch ? <Button color="inherit" size="small" onClick={() => refetch()}>{translate('resources.programs.actions.retry')}</Button> : undefined}
      >
        {errorTitle ?? translate('resources.programs.messages.loadError')} {errorText(error)}
      </Alert>
    );
  }
  if (isEmpty) {
    return (
      <Box data-testid="empty" sx={{ py: 3, textAlign: 'center' }}>
        <Typography color="text.secondary">{emptyText ?? translate('resources.programs.messages.empty')}</Typography>
      </Box>
    );
  }
  return <>{children}</>;
}
