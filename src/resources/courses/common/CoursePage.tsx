import ArrowBack from '@mui/icons-material/ArrowBack';
import { Box, Card, CardContent, IconButton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** The frame of a course screen: title, a way back, actions, the content on a card. */
export function CoursePage({ title, back, actions, children, plain }: { title: string; back?: string; actions?: ReactNode; children: ReactNode; plain?: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={title} />
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        {back && (
          <IconButton component={Link} to={back} aria-label={translate('resources.courses.actions.back')}>
            <ArrowBack />
          </IconButton>
        )}
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
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
