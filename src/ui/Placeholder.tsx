import { keyframes } from '@emotion/react';
import { Box } from '@mui/material';

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.4; }
  100% { opacity: 1; }
`;

/**
 * A grey pulsing block where content is loading: MUI's Skeleton look (rounded) without its
 * module (~1.4 KB gzip of the player's first load). Hidden from assistive technology, as
 * Skeleton is; the page's own loading state names what is loading.
 */
export function Placeholder({ height, 'data-testid': testId }: { height: number; 'data-testid'?: string }) {
  return (
    <Box
      aria-hidden
      data-testid={testId}
      sx={{
        height,
        my: 0.5,
        borderRadius: 1,
        bgcolor: 'action.hover',
        animation: `${pulse} 2s ease-in-out 0.5s infinite`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    />
  );
}
