import { Box, CircularProgress } from '@mui/material';

/** A page still loading: a spinner in a box as tall as a short page, so what replaces it does not jump far. */
export function Loading() {
  return (
    <Box role="progressbar" aria-busy="true" data-testid="page-loading" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 320 }}>
      <CircularProgress size={40} />
    </Box>
  );
}
