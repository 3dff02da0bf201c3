import { Tab, Tabs } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { CourseTabFilter, DEFAULT_COURSE_TAB_FILTER } from '../../../../shared/enums';

const KEY = { [CourseTabFilter.all]: 'all', [CourseTabFilter.current]: 'current', [CourseTabFilter.future]: 'future', [CourseTabFilter.past]: 'past' } as const;
const STORAGE = 'elp.courses.tab';

/** The tab the instructor chose last in this session (spec 2 §5 "Tabs remember the chosen tab"). */
export function rememberedTab(): CourseTabFilter {
  const saved = sessionStorage.getItem(STORAGE);
  const v = Number(saved);
  return saved !== null && v in KEY ? (v as CourseTabFilter) : DEFAULT_COURSE_TAB_FILTER;
}

/** The date tabs of a course list: its `dateFilter`; `remember` keeps the choice for the session. */
export function DateTabs({ tabs, remember }: { tabs: readonly CourseTabFilter[]; remember?: boolean }) {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const value = Number(filterValues.dateFilter ?? tabs[0]);
  return (
    <Tabs
      value={value}
      onChange={(_, v: CourseTabFilter) => {
        setFilters({ ...filterValues, dateFilter: v }, displayedFilters, false);
        if (remember) sessionStorage.setItem(STORAGE, String(v));
      }}
      variant="scrollable"
      allowScrollButtonsMobile
      // scrolls on a phone instead of widening the page (the layout is as wide as its widest content)
      sx={{ mb: 1, contain: 'inline-size' }}
    >
      {tabs.map((t) => (
        <Tab key={t} value={t} label={translate(`resources.courses.tabs.${KEY[t]}`)} data-testid={`tab-${KEY[t]}`} />
      ))}
    </Tabs>
  );
}
