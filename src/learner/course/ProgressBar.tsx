import { Box } from '@mui/material';

/**
 * A determinate progress bar drawn as MUI's LinearProgress draws it (4 px, the primary colour on
 * its light shade), without its ~2 KB of animations the course page does not use; named by the
 * text beside it (a progress bar needs a name, WCAG 4.1.2).
 */
export function ProgressBar({ value, labelledBy, sx }: { value: number; /** the id of the text that names it */ labelledBy: string; sx?: { mt?: number } }) {
  const percent = Math.min(100, Math.max(0, value));
  return (
    <Box
      role="progressbar"
      aria-labelledby={labelledBy}
      aria-valuenow={Math.round(percent)}
      aria-valuemin={0}
      aria-valuemax={100}
      sx={[(theme) => ({ position: 'relative', overflow: 'hidden', display: 'block', height: 4, zIndex: 0, bgcolor: theme.palette.mode === 'light' ? theme.lighten(theme.palette.primary.main, 0.62) : theme.darken(theme.palette.primary.main, 0.5) }), sx ?? {}]}
    >
      <Box sx={{ position: 'absolute', inset: 0, bgcolor: 'primary.main', transformOrigin: 'left', transition: 'transform 0.4s linear', transform: `translateX(${percent - 100}%)` }} />
    </Box>
  );
}
