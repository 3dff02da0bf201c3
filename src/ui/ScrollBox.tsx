import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A wide table on a narrow screen (375 px): it scrolls sideways inside this box, never the page.
 * `contain: inline-size` keeps the table's width out of the page's own: react-admin's layout is
 * as wide as its widest content (`min-width: fit-content`).
 */
export function ScrollBox({ children }: { children: ReactNode }) {
  return <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>{children}</Box>;
}
