import { Box, Button, Card, CardActionArea, CardContent, Chip, InputAdornment, Skeleton, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslate } from '../app';
import { Link } from 'react-router-dom';
import { knowledgeBaseCalls } from '../../shared/calls/knowledgeBase';
import { callApi } from '../http/client';
import { callKey, useCall } from '../http/queries';
import { useAccount } from '../layout/useAccount';
import { withTexts } from '../i18n/lazyTexts';
import { PageFrame } from '../ui/PageFrame';
import { PageState } from '../ui/PageState';

// the editor (tiptap) and its texts load for Root only, when it opens
const ArticleEditorDialog = lazy(() => withTexts('admin', import('./ArticleEditorDialog')));
const PAGE = 20;
const k = (key: string) => `app.knowledgeBase.${key}`;

/** /knowledge-base (spec 1 §2.3): welcome text, search, the article list; Root adds articles. */
export default function KnowledgeBasePage() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const isRoot = useAccount().principal.role === 'Root';
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [take, setTake] = useState(PAGE);
  const [creating, setCreating] = useState(false);
  // search once the typing pauses
  useEffect(() => {
    const timer = setTimeout(() => { setQuery(typed.trim()); setTake(PAGE); }, 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data, isPending, error, refetch } = useCall(knowledgeBaseCalls.list, { query: { take, skip: 0, ...(query ? { query } : {}) } }, { placeholderData: (p) => p });
  const total = data?.metadata.filteredRecords ?? 0;

  return (
    <Box data-testid="knowledge-base-page">
      <PageFrame title={translate(k('title'))} plain actions={isRoot ? <Button variant="contained" onClick={() => setCreating(true)}>{translate(k('create'))}</Button> : undefined}>
        <Typography sx={{ mb: 2 }}>{translate(k('welcome'))}</Typography>
        <TextField
          fullWidth
          size="small"
          placeholder={translate(k('search'))}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          slotProps={{ htmlInput: { 'aria-label': translate(k('search')), maxLength: 200 }, input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
          sx={{ mb: 2 }}
        />
        <PageState
          isPending={isPending}
          loading={<Skeleton variant="rounded" height={120} />}
          error={error}
          errorTitle={translate(k('loadError'))}
          refetch={refetch}
          isEmpty={!!data && data.result.length === 0}
          emptyText={translate(k(query ? 'noMatch' : 'empty'))}
        >
          <Stack spacing={1.5}>
            {data?.result.map((a) => (
              <Card key={a.id} variant="outlined" data-testid="kb-article-card">
                <CardActionArea component={Link} to={`/knowledge-base/${a.id}`}>
                  <CardContent>
                    <Stack direction="row" spacing={1} alignItems="center">
                      <Typography variant="subtitle1" component="h2">{a.title}</Typography>
                      {!a.isPublished && <Chip size="small" label={translate(k('draft'))} />}
                    </Stack>
                    <Typography variant="body2" color="text.secondary">{a.excerpt}</Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            ))}
          </Stack>
          {total > take && <Button fullWidth sx={{ mt: 2 }} onClick={() => setTake(take + PAGE)}>{translate(k('showMore'))}</Button>}
        </PageState>
      </PageFrame>
      {creating && (
        <Suspense fallback={null}>
          <ArticleEditorDialog
            isNew
            initial={{ title: '', body: '' }}
            onClose={() => setCreating(false)}
            onSave={async (draft) => {
              await callApi(knowledgeBaseCalls.create, { body: { title: draft.title, body: draft.body, isPublished: draft.isPublished ?? true, sequence: draft.sequence ?? 0 } });
              await queryClient.invalidateQueries({ queryKey: callKey(knowledgeBaseCalls.list) });
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
