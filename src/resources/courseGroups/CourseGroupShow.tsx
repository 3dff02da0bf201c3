import CreateNewFolder from '@mui/icons-material/CreateNewFolder';
import Delete from '@mui/icons-material/Delete';
import Download from '@mui/icons-material/Download';
import Edit from '@mui/icons-material/Edit';
import Folder from '@mui/icons-material/Folder';
import GroupAdd from '@mui/icons-material/GroupAdd';
import GroupRemove from '@mui/icons-material/GroupRemove';
import PersonAdd from '@mui/icons-material/PersonAdd';
import School from '@mui/icons-material/School';
import SwapVert from '@mui/icons-material/SwapVert';
import { Alert, Box, Breadcrumbs, Button, Link as MuiLink, List, ListItemButton, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { courseGroupPaths as P, type HierarchyNode } from '../../../shared/courseGroups';
import { TrainingKind } from '../../../shared/enums';
import { apiPath, apiSend, errorText, formatDay, useApiQuery } from '../courses/api';
import { CoursePage } from '../courses/common/CoursePage';
import { PageState } from '../courses/common/PageState';
import { groupKey, groupPath, useCourseGroup } from './api';

function Tree({ nodes, depth }: { nodes: HierarchyNode[]; depth: number }) {
  return (
    <>
      {nodes.map((n) => (
        <Box key={`${n.type}:${n.id}`}>
          <ListItemButton
            component={Link}
            to={n.type === TrainingKind.courseGroup ? groupPath(n.id) : `/courses/${n.id}`}
            sx={{ pl: 2 + depth * 3 }}
            data-testid={n.type === TrainingKind.courseGroup ? 'tree-group' : 'tree-course'}
          >
            <ListItemIcon>{n.type === TrainingKind.courseGroup ? <Folder /> : <School />}</ListItemIcon>
            <ListItemText primary={n.label} secondary={n.begin || n.end ? `${formatDay(n.begin)} — ${formatDay(n.end)}` : undefined} />
          </ListItemButton>
          {n.children.length > 0 && <Tree nodes={n.children} depth={depth + 1} />}
        </Box>
      ))}
    </>
  );
}

/** /courses/course-group/{courseGroupId}: the group as a tree of groups and courses, with its actions. */
export function CourseGroupShow() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { courseGroupId = '' } = useParams();
  const group = useCourseGroup(courseGroupId);
  const tree = useApiQuery<HierarchyNode>(groupKey(courseGroupId, 'tree'), apiPath(P.hierarchy, { id: courseGroupId }));
  const parents = useApiQuery<{ id: number; label: string }[]>(groupKey(courseGroupId, 'parents'), apiPath(P.parents, { id: courseGroupId }));
  const [confirm, setConfirm] = useState(false);
  const g = group.data;
  const drop = async () => {
    setConfirm(false);
    try {
      await apiSend('DELETE', apiPath(P.set, { id: courseGroupId }));
      await client.invalidateQueries({ queryKey: ['courseGroups'] });
      notify(translate('resources.courseGroups.messages.deleted'), { type: 'success' });
      navigate(g?.parentId ? groupPath(g.parentId) : '/courses');
    } catch (e) {
      notify(errorText(e) || translate('resources.courses.messages.failed'), { type: 'error' });
    }
  };
  const action = (to: string, icon: ReactNode, label: string) => (
    <Button size="small" startIcon={icon} component={Link} to={groupPath(courseGroupId, to)}>
      {translate(`resources.courseGroups.actions.${label}`)}
    </Button>
  );
  return (
    <PageState isPending={group.isPending} error={group.error} refetch={group.refetch}>
      {g && (
        <CoursePage title={g.label} back={g.parentId ? groupPath(g.parentId) : '/courses'}>
          {(parents.data?.length ?? 0) > 0 && (
            <Breadcrumbs sx={{ mb: 1 }}>
              {parents.data!.map((p) => (
                <MuiLink key={p.id} component={Link} to={groupPath(p.id)}>
                  {p.label}
                </MuiLink>
              ))}
              <Typography color="text.primary">{g.label}</Typography>
            </Breadcrumbs>
          )}
          {(g.begin || g.end) && (
            <Typography color="text.secondary">
              {formatDay(g.begin)} — {formatDay(g.end)}
            </Typography>
          )}
          {g.description && (
            <Typography sx={{ my: 1, whiteSpace: 'pre-line' }} data-testid="group-description">
              {g.description}
            </Typography>
          )}
          {!g.canManage && (
            <Alert severity="info" sx={{ my: 1 }}>
              {translate('resources.courseGroups.messages.readOnly')}
            </Alert>
          )}
          <Stack direction="row" sx={{ my: 2, flexWrap: 'wrap', gap: 1 }} data-testid="group-actions">
            {g.canManage && (
              <>
                {action('edit', <Edit />, 'edit')}
                {action('create', <CreateNewFolder />, 'createChild')}
                {action('sort', <SwapVert />, 'sort')}
                {action('instructors/add', <GroupAdd />, 'instructorsAdd')}
                {action('students/add', <PersonAdd />, 'studentsAdd')}
                {action('instructors/remove', <GroupRemove />, 'instructorsRemove')}
              </>
            )}
            <Button size="small" startIcon={<Download />} href={apiPath(P.export, { id: courseGroupId })} download>
              {translate('resources.courseGroups.actions.export')}
            </Button>
            {g.canManage && (
              <Button size="small" color="error" startIcon={<Delete />} onClick={() => setConfirm(true)}>
                {translate('resources.courseGroups.actions.delete')}
              </Button>
            )}
          </Stack>
          <Confirm
            isOpen={confirm}
            title="resources.courseGroups.actions.delete"
            content={translate('resources.courseGroups.messages.confirmDelete', { label: g.label })}
            onConfirm={() => void drop()}
            onClose={() => setConfirm(false)}
          />
          <PageState
            isPending={tree.isPending}
            error={tree.error}
            refetch={tree.refetch}
            coursePages={false}
            isEmpty={tree.data?.children.length === 0}
            emptyText={translate('resources.courseGroups.messages.emptyGroup')}
          >
            <List dense data-testid="group-tree">
              <Tree nodes={tree.data?.children ?? []} depth={0} />
            </List>
          </PageState>
        </CoursePage>
      )}
    </PageState>
  );
}
