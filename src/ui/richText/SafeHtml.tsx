import { Box, type SxProps, type Theme } from '@mui/material';
import { useMemo } from 'react';
import { purifyHtml } from './purify';

/** Renders stored rich text, sanitised by DOMPurify first. Embeds scale to the width. */
export function SafeHtml({ html, sx, ...rest }: { html: string | null | undefined; sx?: SxProps<Theme>; 'data-testid'?: string }) {
  const clean = useMemo(() => purifyHtml(html), [html]);
  return (
    <Box
      className="elp-rich-text"
      sx={[
        {
          overflowWrap: 'anywhere',
          '& img': { maxWidth: '100%', height: 'auto' },
          '& iframe': { maxWidth: '100%', border: 0, aspectRatio: '16 / 9', width: '100%', height: 'auto' },
          '& p': { my: 1 },
          '& a': { color: 'primary.main' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      dangerouslySetInnerHTML={{ __html: clean }}
      {...rest}
    />
  );
}
