import { Box, Button, Skeleton, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslate } from '../app';
import { useNavigate, useParams } from 'react-router-dom';
import { knowledgeBaseCalls } from '../../shared/calls/knowledgeBase';
import { callApi } from '../http/client';
import { callKey, useCall } from '../http/queries';
import { useAccount } from '../layout/useAccount';
import { withTexts } from '../i18n/lazyTexts';
import { PageFrame } from '../ui/PageFrame';
import { PageState } from '../ui/PageState';
import { SafeHtml } from '../ui/richText/SafeHtml';
import { useToasts } from '../ui/useToasts';

// the editor (tiptap) and its texts load for Root only, when it opens
const ArticleEditorDialog = lazy(() => withTexts('admin', import('./ArticleEditorDialog')));
const k = (key: string) => `app.knowledgeBase.${key}`;

/** /knowledge-base/{articleId} (spec 1 §2.3): the article; Root edits or deletes it. */
export default function ArticlePage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { failed, done } = useToasts();
  const { articleId = '' } = useParams();
  const isRoot = useAccount().principal.role === 'Root';
  const [editing, setEditing] = useState(false);
  const { data, isPending, error, refetch } = useCall(knowledgeBaseCalls.get, { params: { articleId } });
  const refresh = () => queryClient.invalidateQueries({ queryKey: callKey(knowledgeBaseCalls.get) }).then(() => queryClient.invalidateQueries({ queryKey: callKey(knowledgeBaseCalls.list) }));
  const remove = async () => {
    if (!data || !window.confirm(translate(k('deleteConfirm'), { title: data.title }))) return;
    try {
      await callApi(knowledgeBaseCalls.remove, { params: { articleId: data.id } });
      done(k('deleted'));
      await queryClient.invalidateQueries({ queryKey: callKey(knowledgeBaseCalls.list) });
      navigate('/knowledge-base');
    } catch (e) {
      failed(e);
    }
  };
  const actions = isRoot && data ? (
    <Stack direction="row" spacing={1}>
      <Button variant="outlined" onClick={() => setEditing(true)}>{translate(k('edit'))}</Button>
      <Button color="error" onClick={() => void remove()}>{translate(k('delete'))}</Button>
    </Stack>
  ) : undefined;

  return (
    <Box data-testid="knowledge-base-article">
      <PageFrame title={data?.title ?? translate(k('title'))} back="/knowledge-base" actions={actions} plain>
        <PageState
          isPending={isPending}
          loading={<Skeleton variant="rounded" height={200} />}
          error={error}
          errorTitle={translate(k('loadError'))}
          notFound={translate(k('articleNotFound'))}
          refetch={refetch}
        >
          {data && <SafeHtml html={data.body} data-testid="kb-article-body" />}
        </PageState>
      </PageFrame>
      {editing && data && (
        <Suspense fallback={null}>
          <ArticleEditorDialog
            isNew={false}
            initial={data}
            onClose={() => setEditing(false)}
            onSave={async (draft) => {
              await callApi(knowledgeBaseCalls.update, { params: { articleId: data.id }, body: { title: draft.title, body: draft.body, isPublished: draft.isPublished ?? true, sequence: draft.sequence ?? 0 } });
              await refresh();
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
