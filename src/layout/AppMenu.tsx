import { ListItemIcon, ListSubheader, MenuItem, MenuList } from '@mui/material';
import { useSidebarState, useTranslate } from '../app';
import { MenuLink } from './MenuLink';
import { SIDEBAR_WIDTH } from './AppSidebar';
import { menuFor, type MenuEntry } from './menuDefinition';
import { useAccount } from './useAccount';
import { allows } from '../../shared/permissions';
import { ApplicationsBadgeIcon } from '../resources/applications/ApplicationsBadge';
import { NotificationsBadgeIcon } from '../notifications/NotificationsBadgeIcon';
import { useOpenChat } from '../chat/ChatContext';
import { ChatBadgeIcon } from '../chat/ChatMenuItem';

/** The side menu of the signed-in roles (spec 1 §2.5–2.6), built from menuDefinition. */
export function AppMenu() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const { principal } = useAccount();
  const entries = menuFor(principal);
  const label = (e: MenuEntry) => translate(`app.menu.${e.key}`);
  const openChat = useOpenChat();

  return (
    <MenuList aria-label={translate('app.menu.title')} sx={{ pt: 1, display: 'flex', flexDirection: 'column', width: { xs: SIDEBAR_WIDTH.open, sm: open ? SIDEBAR_WIDTH.open : SIDEBAR_WIDTH.closed } }}>
      {entries.flatMap((entry, i) => {
        const Icon = entry.icon;
        const key = `${entry.key}:${entry.path}`;
        const startsGroup = entry.group && entry.group !== entries[i - 1]?.group;
        const subheader =
          startsGroup && open ? (
            <ListSubheader key={`group:${entry.group}`} disableSticky sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}>
              {translate(`app.menu.groups.${entry.group}`)}
            </ListSubheader>
          ) : null;
        const item = entry.action === 'chat' ? (
          <MenuItem key={key} onClick={() => openChat()} data-testid="menu-chat">
            <ListItemIcon>
              <ChatBadgeIcon icon={<Icon fontSize="small" />} />
            </ListItemIcon>
            {label(entry)}
          </MenuItem>
        ) : entry.external ? (
          <MenuItem key={key} component="a" href={entry.path} target="_blank" rel="noopener noreferrer">
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            {label(entry)}
          </MenuItem>
        ) : (
          <MenuLink
            key={key}
            to={entry.path}
            label={label(entry)}
            icon={
              entry.key === 'enrollmentApplications' ? <ApplicationsBadgeIcon icon={<Icon />} enabled={allows(principal, 'enrollmentApplications')} />
              : entry.key === 'notifications' ? <NotificationsBadgeIcon icon={<Icon />} />
              : <Icon />
            }
          />
        );
        return subheader ? [subheader, item] : [item];
      })}
    </MenuList>
  );
}
