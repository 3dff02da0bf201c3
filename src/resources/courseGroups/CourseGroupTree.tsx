import Folder from '@mui/icons-material/Folder';
import School from '@mui/icons-material/School';
import { List, ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { courseGroupCalls } from '../../../shared/calls/courseGroups';
import type { HierarchyNode } from '../../../shared/courseGroups';
import { TrainingKind } from '../../../shared/enums';
import { useCall } from '../../http/queries';
import { useDates } from '../../ui/dates';
import { PageState } from '../../ui/PageState';
import { groupPath } from './paths';

/** A level of the tree: each node a list item holding its link and, nested, its own list of children. */
function Nodes({ nodes, depth }: { nodes: HierarchyNode[]; depth: number }) {
  const { day } = useDates();
  return (
    <>
      {nodes.map((n) => {
        const group = n.type === TrainingKind.courseGroup;
        return (
          <ListItem key={`${n.type}:${n.id}`} disablePadding sx={{ display: 'block' }}>
            <ListItemButton
              component={Link}
              to={group ? groupPath(n.id) : `/courses/${n.id}`}
              // indent less on a phone so deep trees still fit
              sx={{ pl: { xs: 1 + depth * 1.5, sm: 2 + depth * 3 } }}
              data-testid={group ? 'tree-group' : 'tree-course'}
            >
              <ListItemIcon>{group ? <Folder /> : <School />}</ListItemIcon>
              <ListItemText primary={n.label} secondary={n.begin || n.end ? `${day(n.begin)} — ${day(n.end)}` : undefined} sx={{ overflowWrap: 'anywhere' }} />
            </ListItemButton>
            {n.children.length > 0 && (
              <List dense disablePadding>
                <Nodes nodes={n.children} depth={depth + 1} />
              </List>
            )}
          </ListItem>
        );
      })}
    </>
  );
}

/** The groups and courses inside a course group, as a tree of links. */
export function CourseGroupTree({ courseGroupId }: { courseGroupId: string }) {
  const translate = useTranslate();
  const tree = useCall(courseGroupCalls.hierarchy, { params: { id: courseGroupId } });
  return (
    <PageState
      isPending={tree.isPending}
      error={tree.error}
      refetch={tree.refetch}
      isEmpty={tree.data?.children.length === 0}
      emptyText={translate('resources.courseGroups.messages.emptyGroup')}
    >
      <List dense data-testid="group-tree">
        <Nodes nodes={tree.data?.children ?? []} depth={0} />
      </List>
    </PageState>
  );
}
