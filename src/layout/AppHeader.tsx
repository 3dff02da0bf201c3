import MenuIcon from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { AppBar, Box, IconButton, Toolbar } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useSidebarState, useTranslate } from '../app';
import { LoadingIndicator } from './LoadingIndicator';
import { Link } from 'react-router-dom';
import { NotificationsBadgeIcon } from '../notifications/NotificationsBadgeIcon';
import { hasPage } from '../../shared/screens';
import { HeaderLogos } from './HeaderLogos';
import { HeaderProfileMenu } from './HeaderProfileMenu';
import { HeaderSettingsMenu } from './HeaderSettingsMenu';
import { useAccount } from './useAccount';
import { visuallyHidden } from '../ui/visuallyHidden';
import { useHeaderLayout } from './useHeaderLayout';

/** staff only: kept out of a learner's first load */
const QuickAccessToolbar = lazy(() => import('./QuickAccessToolbar').then((m) => ({ default: m.QuickAccessToolbar })));

function MenuBurger() {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  return (
    <IconButton
      color="inherit"
      edge="start"
      data-testid="menu-burger"
      aria-label={translate(open ? 'app.menu.close' : 'app.menu.open')}
      aria-expanded={open}
      onClick={() => setOpen(!open)}
    >
      {open ? <MenuOpen /> : <MenuIcon />}
    </IconButton>
  );
}

/** The header's bell with the unread count, kept live (spec 2 §9); students and instructors (Root's menu has no notifications, spec 1 §2.6). */
function HeaderNotifications() {
  const translate = useTranslate();
  return (
    <IconButton color="inherit" component={Link} to="/notifications" title={translate('app.notifications.title')} data-testid="header-notifications">
      {/* named by its text, not an aria-label: the unread count inside is part of the name (WCAG 2.5.3) */}
      <span style={visuallyHidden}>{translate('app.notifications.title')}</span>
      <NotificationsBadgeIcon icon={<NotificationsIcon />} live />
    </IconButton>
  );
}

/** The header of spec 1 §2.4; its layout switches at 1000 / 1240 / 1580 px. */
export function AppHeader() {
  const layout = useHeaderLayout();
  const { principal } = useAccount();
  return (
    <AppBar
      position="fixed"
      elevation={1}
      data-testid="app-header"
      data-layout={layout}
      sx={{ bgcolor: 'background.paper', color: 'text.primary' }}
    >
      <Toolbar variant="dense" sx={{ minHeight: { xs: 56, sm: 48 }, gap: { xs: 0.5, md: 1.5 }, px: { xs: 1, md: 2 } }}>
        {principal.role !== 'Guest' && <MenuBurger />}
        <HeaderLogos showOrganisation={layout !== 'mobile'} />
        <Box sx={{ flex: 1 }} />
        <LoadingIndicator />
        {/* shortcuts only where the header has room: on a phone the side menu holds the same screens */}
        {layout !== 'mobile' && (principal.role === 'Instructors' || principal.role === 'Root') && (
          <Suspense fallback={null}>
            <QuickAccessToolbar />
          </Suspense>
        )}
        {(principal.role === 'Students' || principal.role === 'Instructors') && hasPage('/notifications') && <HeaderNotifications />}
        <HeaderSettingsMenu layout={layout} />
        <HeaderProfileMenu layout={layout} />
      </Toolbar>
    </AppBar>
  );
}
