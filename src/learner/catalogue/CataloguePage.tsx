import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, CircularProgress, IconButton, InputAdornment, Stack, Tab, Tabs, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from '../../app';
import { CATALOGUE_TAKE, catalogueCalls } from '../../../shared/calls/catalogue';
import { CourseTabFilter } from '../../../shared/enums';
import { useCallPages } from '../../http/pages';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { useDebounced } from '../../ui/useDebounced';
import { CardSkeletons, CourseCardGrid } from '../cards/CourseCardGrid';
import { coursePreviewPath } from '../paths';

const TABS = [
  ['all', CourseTabFilter.all],
  ['past', CourseTabFilter.past],
  ['current', CourseTabFilter.current],
  ['future', CourseTabFilter.future],
] as const;

/** /student-catalog (spec 1 §2.3): search (debounced 500 ms), filter tabs, cards, Load more, skeletons, empty and error states. */
export default function CataloguePage() {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const [filter, setFilter] = useState<CourseTabFilter>(CourseTabFilter.current);
  const search = useDebounced(input.trim());
  // the catalogue's cache: 5 seconds (spec 2 §9)
  const query = useCallPages(catalogueCalls.list, CATALOGUE_TAKE, { body: { search, filter } }, { staleTime: 5_000, retry: false });
  const items = query.data?.pages.flatMap((p) => p.result) ?? [];
  const title = translate('app.learner.catalogue.title');

  return (
    <Box sx={{ maxWidth: 1200 }} data-testid="catalogue-page">
      <PageFrame title={title} plain>
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
        <Tabs value={filter} onChange={(_, v: CourseTabFilter) => setFilter(v)} variant="scrollable" allowScrollButtonsMobile sx={{ my: 2 }}>
          {TABS.map(([key, code]) => (
            <Tab key={key} value={code} label={translate(`app.learner.catalogue.filters.${key}`)} />
          ))}
        </Tabs>
        <PageState
          isPending={query.isPending}
          loading={<CardSkeletons testId="catalogue-skeleton" label={translate('app.learner.catalogue.loading')} />}
          error={query.error}
          errorTitle={translate('app.learner.catalogue.loadError')}
          refetch={query.refetch}
          isEmpty={items.length === 0}
          emptyText={translate('app.learner.catalogue.empty')}
        >
          <CourseCardGrid courses={items} to={(c) => coursePreviewPath(c.id)} loadingMore={query.isFetchingNextPage ? 1 : 0} />
          {query.hasNextPage && (
            <Stack alignItems="center" sx={{ mt: 2 }}>
              <Button
                variant="outlined"
                onClick={() => query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
                startIcon={query.isFetchingNextPage ? <CircularProgress size={16} /> : undefined}
              >
                {translate('app.learner.catalogue.loadMore')}
              </Button>
            </Stack>
          )}
        </PageState>
      </PageFrame>
    </Box>
  );
}
