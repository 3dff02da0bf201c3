import Add from '@mui/icons-material/Add';
import Folder from '@mui/icons-material/Folder';
import { Box, Button, List, ListItemButton, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { courseGroupPaths as P, type CourseGroupRecord } from '../../../shared/courseGroups';
import { useApiQuery } from '../courses/api';
import { PageState } from '../courses/common/PageState';

/** The top-level course groups the caller sees, on the /courses landing. */
export function CourseGroupsBlock() {
  const translate = useTranslate();
  const sets = useApiQuery<CourseGroupRecord[]>(['courseGroups', 'top'], P.sets);
  return (
    <Box sx={{ mt: 4 }} data-testid="course-groups">
      <Stack direction="row" alignItems="center" sx={{ mb: 1 }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          {translate('resources.courseGroups.name')}
        </Typography>
        <Button startIcon={<Add />} component={Link} to="/courses/course-group/create">
          {translate('resources.courseGroups.actions.create')}
        </Button>
      </Stack>
      <PageState
        isPending={sets.isPending}
        error={sets.error}
        refetch={sets.refetch}
        coursePages={false}
        isEmpty={sets.data?.length === 0}
        emptyText={translate('resources.courseGroups.messages.empty')}
      >
        <List dense>
          {(sets.data ?? []).map((s) => (
            <ListItemButton key={s.id} component={Link} to={`/courses/course-group/${s.id}`}>
              <ListItemIcon>
                <Folder />
              </ListItemIcon>
              <ListItemText primary={s.label} secondary={`${translate('resources.courseGroups.fields.coursesCount')}: ${s.coursesCount}`} />
            </ListItemButton>
          ))}
        </List>
      </PageState>
    </Box>
  );
}
