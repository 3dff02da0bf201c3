import { Typography } from '@mui/material';

/** The slide's description under its content (plain text, line breaks kept). */
export function SlideDescription({ text }: { text: string }) {
  return (
    <Typography sx={{ mt: 2, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="slide-description">
      {text}
    </Typography>
  );
}
