import { Box, Button, CircularProgress, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { useCallback } from 'react';
import { useTranslate } from '../../app';
import { useSearchParams } from 'react-router-dom';
import { LATEST_NEWS_COUNT, newsCalls } from '../../../shared/calls/news';
import { DEFAULT_TAKE } from '../../../shared/resources/paging';
import { useCallPages } from '../../http/pages';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { READ_ONCE } from '../learnerReads';
import { NewsCard } from './NewsCard';
import { NewsDrawer } from './NewsDrawer';
import { NewsListItems } from './NewsListItems';

const loading = (label: string) => (
  <Grid container spacing={2} aria-busy="true" aria-label={label}>
    {[0, 1].map((i) => (
      <Grid key={i} size={{ xs: 12, md: 6 }}>
        <Skeleton variant="rounded" height={160} />
      </Grid>
    ))}
  </Grid>
);

/**
 * The student's news page /news (spec 1 §2.3): the two latest items as cards, then the
 * rest of the list (take 10, "Show more"), and a detail drawer opened by a click (its id
 * stays in the address, `?id=`, so a news item can be linked to).
 */
export default function NewsPage() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const openId = params.get('id') && /^\d+$/.test(params.get('id')!) ? Number(params.get('id')) : null;
  const { data, isPending, error, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useCallPages(newsCalls.studentList, DEFAULT_TAKE, {}, READ_ONCE);
  const items = data?.pages.flatMap((p) => p.result) ?? [];
  const latest = items.slice(0, LATEST_NEWS_COUNT);
  const rest = items.slice(LATEST_NEWS_COUNT);

  const setOpen = useCallback(
    (id: number | null) =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        if (id === null) next.delete('id');
        else next.set('id', String(id));
        return next;
      }),
    [setParams],
  );

  return (
    <Box sx={{ maxWidth: 1200 }} data-testid="news-page">
      <PageFrame title={translate('newsFeed.title')} plain>
        <PageState
          isPending={isPending}
          loading={loading(translate('newsFeed.loading'))}
          error={error}
          errorTitle={translate('newsFeed.loadError')}
          refetch={refetch}
          isEmpty={items.length === 0}
          emptyText={translate('newsFeed.empty')}
        >
          {latest.length > 0 && (
            <Box component="section" aria-labelledby="news-latest" sx={{ mb: 4 }}>
              <Typography id="news-latest" variant="h6" component="h2" sx={{ mb: 1.5 }}>
                {translate('newsFeed.latest')}
              </Typography>
              <Grid container spacing={2}>
                {latest.map((item) => (
                  <Grid key={item.id} size={{ xs: 12, md: 6 }}>
                    <NewsCard item={item} onOpen={setOpen} />
                  </Grid>
                ))}
              </Grid>
            </Box>
          )}
          {rest.length > 0 && (
            <Box component="section" aria-labelledby="news-all">
              <Typography id="news-all" variant="h6" component="h2" sx={{ mb: 1 }}>
                {translate('newsFeed.all')}
              </Typography>
              <NewsListItems items={rest} onOpen={setOpen} selectedId={openId} />
            </Box>
          )}
          {hasNextPage && (
            <Stack alignItems="center" sx={{ mt: 2 }}>
              <Button variant="outlined" onClick={() => fetchNextPage()} disabled={isFetchingNextPage} startIcon={isFetchingNextPage ? <CircularProgress size={16} /> : undefined}>
                {translate('newsFeed.loadMore')}
              </Button>
            </Stack>
          )}
        </PageState>
      </PageFrame>
      <NewsDrawer id={openId} latest={latest} onOpen={setOpen} onClose={() => setOpen(null)} />
    </Box>
  );
}
