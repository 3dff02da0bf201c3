import { Box } from '@mui/material';
import type { HTMLAttributes, ReactNode } from 'react';

/**
 * A chip's look without MUI's Chip (~3 KB gzip on the learner's first load): a rounded label,
 * filled grey or in a palette colour, or outlined; `small` is the small chip's height.
 */
type LabelProps = {
  children: ReactNode;
  size?: 'small';
  color?: 'success' | 'info' | 'warning';
  variant?: 'outlined';
  /** an icon before the text, at the small chip's icon size */
  icon?: ReactNode;
} & Omit<HTMLAttributes<HTMLSpanElement>, 'color'> & { [data: `data-${string}`]: string | undefined };

export function Label({ children, size, color, variant, icon, ...rest }: LabelProps) {
  const height = size === 'small' ? 24 : 32;
  return (
    <Box
      component="span"
      {...rest}
      sx={(theme) => ({
        display: 'inline-flex',
        gap: 0.5,
        '& > svg': { fontSize: 18, flexShrink: 0 },
        alignItems: 'center',
        maxWidth: '100%',
        height,
        borderRadius: `${height / 2}px`,
        px: size === 'small' ? 1 : 1.5,
        fontSize: theme.typography.pxToRem(13),
        lineHeight: 1.5,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        ...(variant === 'outlined'
          ? { border: `1px solid ${theme.palette.mode === 'light' ? theme.palette.grey[400] : theme.palette.grey[700]}`, color: 'text.primary' }
          : color
            ? { bgcolor: `${color}.main`, color: `${color}.contrastText` }
            : { bgcolor: 'action.selected', color: 'text.primary' }),
      })}
    >
      {icon}
      {children}
    </Box>
  );
}
