import ChevronRight from '@mui/icons-material/ChevronRight';
import { List, ListItem, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { courseAllows, type CourseMember } from '../../../../shared/permissions';
import { courseMenu, type CourseMenuItem } from '../menu';

function MenuLink({ courseId, item, member }: { courseId: string | number; item: CourseMenuItem; member: CourseMember | null }) {
  const translate = useTranslate();
  const to = `/courses/${courseId}/${item.path}`;
  const { canAccess } = useCanAccess({ action: 'list', resource: to });
  // the screen's global rule and the caller's course role (the server checks both again)
  if (!canAccess || !courseAllows(member, item.course)) return null;
  // a list item around the link: a list holds only items (WCAG 1.3.1)
  return (
    <ListItem disablePadding>
      <ListItemButton component={Link} to={to} dense>
        <ListItemText primary={translate(item.label)} />
        <ListItemIcon sx={{ minWidth: 0 }}>
          <ChevronRight fontSize="small" />
        </ListItemIcon>
      </ListItemButton>
    </ListItem>
  );
}

/** The menu of a course's sub-screens (those built so far, and allowed to the caller). */
export function CourseMenu({ courseId, member }: { courseId: string | number; member: CourseMember | null }) {
  const translate = useTranslate();
  return (
    <nav aria-label={translate('resources.courses.sections.menu')} data-testid="course-menu">
      <Typography variant="subtitle1">{translate('resources.courses.sections.menu')}</Typography>
      <List dense>
        {courseMenu.map((item) => (
          <MenuLink key={item.path} courseId={courseId} item={item} member={member} />
        ))}
      </List>
    </nav>
  );
}
