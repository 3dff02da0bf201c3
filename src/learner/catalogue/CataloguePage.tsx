import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, Button, CircularProgress, Grid, IconButton, InputAdornment, Skeleton, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { CourseTabFilter } from '../../../shared/enums';
import { postJson, serverText, type CataloguePage as Page } from '../api';
import { CourseCard } from '../myCourses/CourseCard';

/** Catalogue take and search debounce (spec 2 §9). */
export const CATALOGUE_TAKE = 5;
export const SEARCH_DEBOUNCE_MS = 500;

const TABS = [
  ['all', CourseTabFilter.all],
  ['past', CourseTabFilter.past],
  ['current', CourseTabFilter.current],
  ['future', CourseTabFilter.future],
] as const;

export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/** /student-catalog (spec 1 §2.3): search (debounced), filter tabs, cards, Load more, skeletons, empty and error states. */
export default function CataloguePage() {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const [filter, setFilter] = useState<number>(CourseTabFilter.current);
  const search = useDebounced(input.trim(), SEARCH_DEBOUNCE_MS);
  const query = useInfiniteQuery({
    queryKey: ['learner', 'catalog', search, filter],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => postJson<Page>(`/api/catalog?take=${CATALOGUE_TAKE}&skip=${pageParam}`, { search, filter }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.result.length, 0);
      return loaded < last.metadata.filteredRecords ? loaded : undefined;
    },
    staleTime: 5_000,
    retry: false,
  });
  const items = query.data?.pages.flatMap((p) => p.result) ?? [];

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200 }} data-testid="catalogue-page">
      <Title title={translate('app.learner.catalogue.title')} />
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {translate('app.learner.catalogue.title')}
      </Typography>
      <TextField
        fullWidth
        size="small"
        value={input}
        onChange={(e) => setInput(e.target.value)}
        placeholder={translate('app.learner.catalogue.search')}
        slotProps={{
          htmlInput: { 'aria-label': translate('app.learner.catalogue.search'), maxLength: 200 },
          input: {
            startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment>,
            endAdornment: input ? (
              <InputAdornment position="end">
                <IconButton size="small" aria-label={translate('app.learner.catalogue.clear')} onClick={() => setInput('')}>
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
      <Tabs value={filter} onChange={(_, v) => setFilter(v)} variant="scrollable" allowScrollButtonsMobile sx={{ my: 2 }}>
        {TABS.map(([key, code]) => (
          <Tab key={key} value={code} label={translate(`app.learner.catalogue.filters.${key}`)} />
        ))}
      </Tabs>

      {query.isError && (
        <Alert severity="error" data-testid="catalogue-error">
          {translate('app.learner.catalogue.loadError')}
          {serverText(query.error) ? `: ${serverText(query.error)}` : ''}
        </Alert>
      )}

      <Grid container spacing={2}>
        {items.map((c) => (
          <Grid key={c.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <CourseCard course={c} to={`/student-catalog/catalog/course/${c.id}`} />
          </Grid>
        ))}
        {(query.isPending || query.isFetchingNextPage) &&
          Array.from({ length: query.isPending ? 3 : 1 }, (_, i) => (
            <Grid key={`s${i}`} size={{ xs: 12, sm: 6, md: 4 }}>
              <Skeleton variant="rounded" height={180} data-testid="catalogue-skeleton" aria-label={translate('app.learner.catalogue.loading')} />
            </Grid>
          ))}
      </Grid>

      {query.isSuccess && items.length === 0 && (
        <Alert severity="info" data-testid="catalogue-empty">
          {translate('app.learner.catalogue.empty')}
        </Alert>
      )}

      {query.hasNextPage && (
        <Stack alignItems="center" sx={{ mt: 2 }}>
          <Button variant="outlined" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage} startIcon={query.isFetchingNextPage ? <CircularProgress size={16} /> : undefined}>
            {translate('app.learner.catalogue.loadMore')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
