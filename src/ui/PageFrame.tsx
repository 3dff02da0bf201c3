import ArrowBack from '@mui/icons-material/ArrowBack';
import { Box, Card, CardContent, IconButton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useTranslate } from '../app';
import { Link } from 'react-router-dom';
import { focusRing, useArrivalFocus } from './arrivalFocus';

/** The frame of a screen: title (also the browser's), a way back, actions, the content on a card (or `plain`). */
export function PageFrame({ title, back, actions, children, plain }: { title: string; back?: string; actions?: ReactNode; children: ReactNode; plain?: boolean }) {
  const translate = useTranslate();
  // the heading takes focus when the screen arrives (src/ui/arrivalFocus.ts)
  const heading = useArrivalFocus<HTMLHeadingElement>();
  return (
    <Box sx={{ mt: 2, mb: 4 }} data-page-frame>
      <Title title={title} />
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        {back && (
          <IconButton component={Link} to={back} aria-label={translate('app.common.back')}>
            <ArrowBack />
          </IconButton>
        )}
        <Typography ref={heading} tabIndex={-1} variant="h5" component="h1" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere', ...focusRing }}>
          {title}
        </Typography>
        {actions}
      </Stack>
      {plain ? (
        children
      ) : (
        <Card>
          <CardContent>{children}</CardContent>
        </Card>
      )}
    </Box>
  );
}
