import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { asApiError, errorText } from '../api';

interface Props {
  isPending: boolean;
  error: unknown;
  isEmpty?: boolean;
  emptyText?: string;
  refetch?: () => unknown;
  children: ReactNode;
}

/** Loading, error (with retry; 404 says the question is gone) and empty states. */
export function LoadState({ isPending, error, isEmpty, emptyText, refetch, children }: Props) {
  const translate = useTranslate();
  if (isPending) return <LinearProgress data-testid="loading" sx={{ my: 2 }} />;
  if (error) {
    const notFound = asApiError(error).status === 404;
    return (
      <Alert
        severity={notFound ? 'warning' : 'error'}
        data-testid="load-error"
        action={
          refetch && !notFound ? (
            <Button color="inherit" size="small" onClick={() => refetch()}>
              {translate('resources.questions.actions.retry')}
            </Button>
          ) : undefined
        }
      >
        {notFound ? translate('resources.questions.messages.notFound') : `${translate('resources.questions.messages.loadError')} ${errorText(error)}`}
      </Alert>
    );
  }
  if (isEmpty) {
    return (
      <Box data-testid="empty" sx={{ py: 3, textAlign: 'center' }}>
        <Typography color="text.secondary">{emptyText ?? translate('resources.questions.messages.empty')}</Typography>
      </Box>
    );
  }
  return <>{children}</>;
}
