import { Box, Button, CircularProgress, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from '../../app';
import { CATALOGUE_TAKE, catalogueCalls } from '../../../shared/calls/catalogue';
import type { CourseTabFilter as CourseTabFilterTable } from '../../../shared/enums';
import { useCallPages } from '../../http/pages';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { useDebounced } from '../../ui/useDebounced';
import { CardSkeletons, CourseCardGrid } from '../cards/CourseCardGrid';
import { TabStrip } from '../cards/TabStrip';
import { coursePreviewPath } from '../paths';
import { SearchBox } from './SearchBox';

// the filter's codes, checked name by name against shared/enums by the compiler (the module itself
// would bring its whole chunk, every table the app uses, to the catalogue)
const CourseTabFilter = { all: 0, current: 1, future: 2, past: 3 } as const satisfies typeof CourseTabFilterTable;
type CourseTabFilter = (typeof CourseTabFilter)[keyof typeof CourseTabFilter];

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
        <SearchBox value={input} onChange={setInput} label={translate('app.learner.catalogue.search')} clearLabel={translate('app.learner.catalogue.clear')} />
        <Box sx={{ my: 2 }}>
          <TabStrip value={filter} onChange={setFilter} tabs={TABS.map(([key, code]) => ({ value: code, label: translate(`app.learner.catalogue.filters.${key}`) }))} />
        </Box>
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
