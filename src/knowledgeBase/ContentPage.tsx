import { Box, Button, Skeleton, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslate } from '../app';
import { knowledgeBaseCalls, type ContentPageSlug } from '../../shared/calls/knowledgeBase';
import { callApi } from '../http/client';
import { callKey, useCall } from '../http/queries';
import { useAccount } from '../layout/useAccount';
import { withTexts } from '../i18n/lazyTexts';
import { PageFrame } from '../ui/PageFrame';
import { PageState } from '../ui/PageState';
import { SafeHtml } from '../ui/richText/SafeHtml';

// the editor (tiptap) and its texts load for Root only, when it opens
const ArticleEditorDialog = lazy(() => withTexts('admin', import('./ArticleEditorDialog')));
const k = (key: string) => `app.knowledgeBase.${key}`;

/** /main and /academy (spec 1 §2.3 "additional pages"): content Root writes. */
export function ContentPage({ slug }: { slug: ContentPageSlug }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const isRoot = useAccount().principal.role === 'Root';
  const [editing, setEditing] = useState(false);
  const { data, isPending, error, refetch } = useCall(knowledgeBaseCalls.page, { params: { slug } });
  return (
    <Box data-testid={`content-page-${slug}`}>
      <PageFrame title={data?.title || translate(k(`pages.${slug}`))} plain actions={isRoot ? <Button variant="outlined" onClick={() => setEditing(true)}>{translate(k('edit'))}</Button> : undefined}>
        <PageState isPending={isPending} loading={<Skeleton variant="rounded" height={200} />} error={error} errorTitle={translate(k('pageLoadError'))} refetch={refetch}>
          {data && (data.body ? <SafeHtml html={data.body} /> : <Typography color="text.secondary">{translate(k('pageEmpty'))}</Typography>)}
        </PageState>
      </PageFrame>
      {editing && data && (
        <Suspense fallback={null}>
          <ArticleEditorDialog
            page
            isNew={false}
            initial={{ title: data.title, body: data.body }}
            onClose={() => setEditing(false)}
            onSave={async (draft) => {
              await callApi(knowledgeBaseCalls.savePage, { params: { slug }, body: { title: draft.title, body: draft.body } });
              await queryClient.invalidateQueries({ queryKey: callKey(knowledgeBaseCalls.page) });
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}

export const MainPage = () => <ContentPage slug="main" />;
export const AcademyPage = () => <ContentPage slug="academy" />;
