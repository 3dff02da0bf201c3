import type { SxProps, Theme } from '@mui/material';

/** Read by screen readers, not shown (MUI's own `visuallyHidden`, which lives in @mui/utils, not a dependency of ours). */
export const visuallyHidden: SxProps<Theme> = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
};
