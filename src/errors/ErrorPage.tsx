import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from '../app';
import { Link as RouterLink } from 'react-router-dom';

export interface ErrorPageProps {
  /** already translated */
  title: string;
  text?: ReactNode;
  /** a large status such as 403 or 404 */
  code?: string;
  icon?: ReactNode;
  actions?: ReactNode;
  /** the not-found page alone says `not-found` (ARCHITECTURE §5) */
  testId?: 'error-page' | 'not-found';
}

/** The frame every result and error page shares. */
export function ErrorPage({ title, text, code, icon, actions, testId = 'error-page' }: ErrorPageProps) {
  return (
    <Box
      data-testid={testId}
      role="alert"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 2, py: { xs: 4, md: 8 }, px: 2 }}
    >
      {code ? (
        <Typography component="p" variant="h1" color="primary" sx={{ fontSize: { xs: 64, md: 96 }, lineHeight: 1 }}>
          {code}
        </Typography>
      ) : (
        (icon ?? <ErrorOutline color="primary" sx={{ fontSize: 64 }} />)
      )}
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {text && (
        <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
          {text}
        </Typography>
      )}
      {actions && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
          {actions}
        </Stack>
      )}
    </Box>
  );
}

/** A button to another page of the app; `label` is a translation key. */
export function LinkAction({ to, label, primary = true }: { to: string; label: string; primary?: boolean }) {
  const translate = useTranslate();
  return (
    <Button component={RouterLink} to={to} variant={primary ? 'contained' : 'outlined'}>
      {translate(label)}
    </Button>
  );
}

/** A button running an action; `label` is a translation key. */
export function ButtonAction({ onClick, label, primary = false }: { onClick: () => void; label: string; primary?: boolean }) {
  const translate = useTranslate();
  return (
    <Button onClick={onClick} variant={primary ? 'contained' : 'outlined'}>
      {translate(label)}
    </Button>
  );
}

export const reloadPage = () => window.location.reload();
