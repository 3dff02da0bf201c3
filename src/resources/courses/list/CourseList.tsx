import Add from '@mui/icons-material/Add';
import { Button, Stack } from '@mui/material';
import { Datagrid, FilterForm, ListBase, Pagination, TextInput, useCanAccess, useListContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { CourseTabFilter } from '../../../../shared/enums';
import { allCourses, courses } from '../../../../shared/resources/courses';
import { retryUnless4xx } from '../../../http/queries';
import { PAGE_SIZES } from '../../../ui/ListPagination';
import { PageFrame } from '../../../ui/PageFrame';
import { PageState } from '../../../ui/PageState';
import { TableScroll } from '../../../ui/TableScroll';
import { CourseGroupsBlock } from '../../courseGroups/CourseGroupsBlock';
import { courseColumns } from './columns';
import { DateTabs, rememberedTab } from './DateTabs';

type Variant = 'mine' | 'all';

const variants = {
  /** /courses: the instructor's landing — their courses by date (current first), search, course groups */
  mine: { decl: courses, tabs: [CourseTabFilter.current, CourseTabFilter.future, CourseTabFilter.past, CourseTabFilter.all], title: 'resources.courses.name' },
  /** /courses/list: every course of the platform (AdminPanelAccess); the caller opens those they run */
  all: { decl: allCourses, tabs: [CourseTabFilter.all, CourseTabFilter.current, CourseTabFilter.future, CourseTabFilter.past], title: 'resources.courses.titles.all' },
} as const;

const search = [
  <TextInput
    key="search"
    source="search"
    alwaysOn
    label="resources.courses.filters.search"
    size="small"
    resettable
    helperText={false}
    sx={{ minWidth: { sm: 280 } }}
    inputProps={{ 'data-testid': 'course-search' }}
  />,
];

function Actions() {
  const translate = useTranslate();
  const { canAccess: canSeeAll } = useCanAccess({ action: 'list', resource: '/courses/list' });
  const { canAccess: canVisitStat } = useCanAccess({ action: 'list', resource: '/courses/visit-stat-download' });
  const { canAccess: canSearchUsers } = useCanAccess({ action: 'list', resource: '/courses/users' });
  const { canAccess: canMerge } = useCanAccess({ action: 'list', resource: '/courses/student-profiles-merge' });
  const { canAccess: canReadOutbox } = useCanAccess({ action: 'list', resource: '/courses/mail-outbox' });
  const { canAccess: canAudit } = useCanAccess({ action: 'list', resource: '/courses/audit-journal' });
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {canSeeAll && (
        <Button component={Link} to="/courses/list">
          {translate('resources.courses.actions.allCourses')}
        </Button>
      )}
      {canVisitStat && (
        <Button component={Link} to="/courses/visit-stat-download">
          {translate('resources.visitJournal.visitStat.title')}
        </Button>
      )}
      {canSearchUsers && (
        <Button component={Link} to="/courses/users">
          {translate('resources.support.users.title')}
        </Button>
      )}
      {canMerge && (
        <Button component={Link} to="/courses/student-profiles-merge">
          {translate('resources.support.merge.title')}
        </Button>
      )}
      {canReadOutbox && (
        <Button component={Link} to="/courses/mail-outbox">
          {translate('resources.mailings.actions.outbox')}
        </Button>
      )}
      {canAudit && (
        <Button component={Link} to="/courses/audit-journal">
          {translate('resources.audit-journal.name')}
        </Button>
      )}
      <Button variant="contained" startIcon={<Add />} component={Link} to="/courses/create">
        {translate('resources.courses.actions.create')}
      </Button>
    </Stack>
  );
}

/** The rows with the list's states: loading, the error with a retry, nothing (found), the pages. */
function Rows({ variant }: { variant: Variant }) {
  const translate = useTranslate();
  const { data, isPending, error, refetch, filterValues } = useListContext();
  return (
    <PageState
      isPending={isPending}
      error={error}
      refetch={refetch}
      errorTitle={translate('resources.courses.messages.coursesLoadError')}
      isEmpty={!data?.length}
      emptyText={translate(filterValues.search ? 'resources.courses.messages.nothingFound' : 'resources.courses.messages.noCourses')}
    >
      <TableScroll>
        <Datagrid bulkActionButtons={false} rowClick={false} data-testid={variant === 'all' ? 'all-courses' : 'course-list'}>
          {courseColumns(variants[variant].decl, variant)}
        </Datagrid>
      </TableScroll>
      <Pagination rowsPerPageOptions={PAGE_SIZES} />
    </PageState>
  );
}

/** A course list (one for both screens): date tabs, search, the page of courses. */
export function CourseList({ variant = 'mine' }: { variant?: Variant }) {
  const translate = useTranslate();
  const { decl, tabs, title } = variants[variant];
  return (
    <ListBase
      resource={decl.name}
      disableSyncWithLocation
      perPage={decl.ui.list.perPage}
      filterDefaultValues={{ dateFilter: variant === 'mine' ? rememberedTab() : tabs[0] }}
      queryOptions={{ retry: retryUnless4xx }}
    >
      <PageFrame title={translate(title)} back={variant === 'all' ? '/courses' : undefined} actions={variant === 'mine' ? <Actions /> : undefined} plain>
        <FilterForm filters={search} />
        <DateTabs tabs={tabs} remember={variant === 'mine'} />
        <Rows variant={variant} />
        {variant === 'mine' && <CourseGroupsBlock />}
      </PageFrame>
    </ListBase>
  );
}

/** /courses/list */
export const AllCoursesList = () => <CourseList variant="all" />;
