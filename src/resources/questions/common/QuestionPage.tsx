import ArrowBack from '@mui/icons-material/ArrowBack';
import { Box, Card, CardContent, IconButton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ResourceContextProvider, Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** The frame of a question-bank screen: title, a way back, actions, content on a card. */
export function QuestionPage({ title, back, actions, children }: { title: string; back?: string; actions?: ReactNode; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={title} />
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
        {back && (
          <IconButton component={Link} to={back} aria-label={translate('resources.questions.actions.back')}>
            <ArrowBack />
          </IconButton>
        )}
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Stack>
      <Card>
        {/* array inputs need a resource context: the banks' own, also when rendered alone */}
        <ResourceContextProvider value="resources">
          <CardContent>{children}</CardContent>
        </ResourceContextProvider>
      </Card>
    </Box>
  );
}
