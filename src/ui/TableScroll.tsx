import { Box, type BoxProps } from '@mui/material';

/**
 * A table that scrolls sideways inside its own box on a narrow screen (375 px), never the page.
 * `contain: inline-size` keeps the table's width from widening the flex layout around it (the
 * page frame, react-admin's List), which an `overflow` alone does not.
 */
export function TableScroll({ sx, ...props }: BoxProps) {
  return <Box sx={{ overflowX: 'auto', contain: 'inline-size', ...sx }} {...props} />;
}
