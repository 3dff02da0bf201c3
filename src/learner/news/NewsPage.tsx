import { Alert, Box, Button, CircularProgress, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { useCallback } from 'react';
import { Title, useInfiniteGetList, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_TAKE } from '../../../shared/resources/paging';
import { LATEST_NEWS_COUNT, studentNews, type NewsItem } from '../../../shared/resources/news';
import { NewsCard } from './NewsCard';
import { NewsDrawer } from './NewsDrawer';
import { NewsListItems } from './NewsListItems';

/**
 * The student's news page /news (spec 1 §2.3): the two latest items as cards, then the
 * rest of the list (take 10, "Show more"), and a detail drawer opened by a click (its id
 * stays in the address, `?id=`, so a news item can be linked to).
 */
export default function NewsPage() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const openId = params.get('id') && /^\d+$/.test(params.get('id')!) ? Number(params.get('id')) : null;
  const { data, isPending, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteGetList<NewsItem>(
    studentNews.name,
    { pagination: { page: 1, perPage: DEFAULT_TAKE }, sort: { field: 'created', order: 'DESC' }, filter: {} },
    { retry: false },
  );
  const items = data?.pages.flatMap((p) => p.data) ?? [];
  const latest = items.slice(0, LATEST_NEWS_COUNT);
  const rest = items.slice(LATEST_NEWS_COUNT);

  const open = useCallback(
    (id: number) =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        next.set('id', String(id));
        return next;
      }),
    [setParams],
  );
  const close = useCallback(
    () =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        next.delete('id');
        return next;
      }),
    [setParams],
  );

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200 }} data-testid="news-page">
      <Title title={translate('newsFeed.title')} />
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {translate('newsFeed.title')}
      </Typography>

      {isPending && (
        <Grid container spacing={2} aria-busy="true" aria-label={translate('newsFeed.loading')}>
          {[0, 1].map((i) => (
            <Grid key={i} size={{ xs: 12, md: 6 }}>
              <Skeleton variant="rounded" height={160} />
            </Grid>
          ))}
        </Grid>
      )}

      {error && !isPending && (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => window.location.reload()}>{translate('newsFeed.reload')}</Button>}>
          {translate('newsFeed.loadError')}
        </Alert>
      )}

      {!isPending && !error && items.length === 0 && (
        <Alert severity="info" data-testid="news-empty">
          {translate('newsFeed.empty')}
        </Alert>
      )}

      {latest.length > 0 && (
        <Box component="section" aria-labelledby="news-latest" sx={{ mb: 4 }}>
          <Typography id="news-latest" variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {translate('newsFeed.latest')}
          </Typography>
          <Grid container spacing={2}>
            {latest.map((item) => (
              <Grid key={item.id} size={{ xs: 12, md: 6 }}>
                <NewsCard item={item} onOpen={open} />
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
          <NewsListItems items={rest} onOpen={open} selectedId={openId} />
        </Box>
      )}

      {hasNextPage && (
        <Stack alignItems="center" sx={{ mt: 2 }}>
          <Button variant="outlined" onClick={() => fetchNextPage()} disabled={isFetchingNextPage} startIcon={isFetchingNextPage ? <CircularProgress size={16} /> : undefined}>
            {translate('newsFeed.loadMore')}
          </Button>
        </Stack>
      )}

      <NewsDrawer id={openId} latest={latest} onOpen={open} onClose={close} />
    </Box>
  );
}
