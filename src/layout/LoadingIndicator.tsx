import { Box, CircularProgress } from '@mui/material';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';

/** The header's spinner while a read or a save is under way; its place is kept when idle (no shift). */
export function LoadingIndicator() {
  const busy = useIsFetching() + useIsMutating() > 0;
  return (
    <Box sx={{ width: 40, height: 40, display: 'flex', alignItems: 'center', justifyContent: 'center' }} aria-hidden={!busy}>
      {busy && <CircularProgress color="inherit" size={18} thickness={4} data-testid="loading-indicator" />}
    </Box>
  );
}
