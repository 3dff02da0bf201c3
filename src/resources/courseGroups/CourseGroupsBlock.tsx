import Add from '@mui/icons-material/Add';
import Folder from '@mui/icons-material/Folder';
import { Box, Button, Stack, Typography } from '@mui/material';
import { ListBase, SimpleList, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import type { CourseGroupRecord } from '../../../shared/courseGroups';
import { courseGroups } from '../../../shared/resources/courseGroups';
import { retryUnless4xx } from '../../http/queries';
import { PageState } from '../../ui/PageState';
import { groupPath } from './paths';

function Groups() {
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useListContext<CourseGroupRecord & RaRecord>();
  return (
    <PageState isPending={isPending} error={error} refetch={refetch} isEmpty={!data?.length} emptyText={translate('resources.courseGroups.messages.empty')}>
      <SimpleList
        primaryText={(g) => g.label}
        secondaryText={(g) => `${translate('resources.courseGroups.fields.coursesCount')}: ${g.coursesCount}`}
        leftIcon={() => <Folder />}
        rowClick={(id) => groupPath(id)}
      />
    </PageState>
  );
}

/** The top-level course groups the caller sees, on the /courses landing. */
export function CourseGroupsBlock() {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 4 }} data-testid="course-groups">
      <Stack direction="row" alignItems="center" sx={{ mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          {translate('resources.courseGroups.name')}
        </Typography>
        <Button startIcon={<Add />} component={Link} to="/courses/course-group/create">
          {translate('resources.courseGroups.actions.create')}
        </Button>
      </Stack>
      <ListBase resource={courseGroups.name} disableSyncWithLocation perPage={courseGroups.ui.list.perPage} queryOptions={{ retry: retryUnless4xx }}>
        <Groups />
      </ListBase>
    </Box>
  );
}
