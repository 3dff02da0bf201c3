import { List, ListSubheader } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useSidebarState, useTranslate } from '../app';
import { MenuAction, MenuLink } from './MenuLink';
import { SIDEBAR_WIDTH } from './AppSidebar';
import { menuFor, type MenuEntry } from './menuDefinition';
import { useAccount } from './useAccount';
import { allows } from '../../shared/permissions';
import { ApplicationsBadgeIcon } from '../resources/applications/ApplicationsBadge';
import { NotificationsBadgeIcon } from '../notifications/NotificationsBadgeIcon';
import { useOpenChat } from '../chat/ChatContext';
import { ChatBadgeIcon } from '../chat/ChatMenuItem';

/** Consecutive entries of one group (an entry without a group is a group of its own). */
function groupsOf(entries: readonly MenuEntry[]): MenuEntry[][] {
  const groups: MenuEntry[][] = [];
  for (const entry of entries) {
    const last = groups.at(-1);
    if (last && entry.group && last[0].group === entry.group) last.push(entry);
    else groups.push([entry]);
  }
  return groups;
}

/** A named group of the menu: a list item holding its heading and its own list. */
function MenuGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  const [open] = useSidebarState();
  return (
    <li>
      {open && (
        <ListSubheader component="div" id={id} disableSticky sx={{ lineHeight: 2.5, bgcolor: 'transparent', color: 'text.secondary' }}>
          {title}
        </ListSubheader>
      )}
      <List disablePadding aria-label={open ? undefined : title} aria-labelledby={open ? id : undefined}>
        {children}
      </List>
    </li>
  );
}

/** The side menu of the signed-in roles (spec 1 §2.5–2.6), built from menuDefinition: a navigation list, grouped. */
export function AppMenu() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const { principal } = useAccount();
  const openChat = useOpenChat();
  const label = (e: MenuEntry) => translate(`app.menu.${e.key}`);

  const item = (entry: MenuEntry) => {
    const Icon = entry.icon;
    const key = `${entry.key}:${entry.path}`;
    if (entry.action === 'chat') {
      return <MenuAction key={key} label={label(entry)} icon={<ChatBadgeIcon icon={<Icon fontSize="small" />} />} onClick={() => openChat()} data-testid="menu-chat" />;
    }
    if (entry.external) {
      return <MenuAction key={key} label={label(entry)} icon={<Icon fontSize="small" />} component="a" href={entry.path} target="_blank" rel="noopener noreferrer" />;
    }
    const icon =
      entry.key === 'enrollmentApplications' ? <ApplicationsBadgeIcon icon={<Icon />} enabled={allows(principal, 'enrollmentApplications')} />
      : entry.key === 'notifications' ? <NotificationsBadgeIcon icon={<Icon />} />
      : <Icon />;
    return <MenuLink key={key} to={entry.path} label={label(entry)} icon={icon} />;
  };

  return (
    <List
      aria-label={translate('app.menu.title')}
      sx={{ pt: 1, display: 'flex', flexDirection: 'column', width: { xs: SIDEBAR_WIDTH.open, sm: open ? SIDEBAR_WIDTH.open : SIDEBAR_WIDTH.closed } }}
    >
      {groupsOf(menuFor(principal)).map((group) =>
        group[0].group ? (
          <MenuGroup key={`group:${group[0].group}`} title={translate(`app.menu.groups.${group[0].group}`)}>
            {group.map(item)}
          </MenuGroup>
        ) : (
          group.map(item)
        ),
      )}
    </List>
  );
}
