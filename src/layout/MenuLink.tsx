import { ListItem, ListItemButton, ListItemIcon, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { Link, useMatch } from 'react-router-dom';
import { useSidebarState } from '../app';
import { visuallyHidden } from '../ui/visuallyHidden';

/** Shared look of the side menu's entries: the icon column, the active entry in the primary text colour. */
const entrySx = (active: boolean) => ({ minHeight: 40, color: active ? 'text.primary' : 'text.secondary', '& .MuiListItemIcon-root': { color: 'text.secondary', minWidth: 40 } });

/**
 * One entry of the side menu, a list item of its navigation list (not an application menu: WAI-ARIA's
 * menu role is for commands, and made screen readers announce the site's links as a menu). When
 * the menu is narrowed to icons its label is the entry's name and the browser's tooltip (MUI's
 * Tooltip would bring Popper into every first load).
 */
function MenuEntryItem({ label, icon, active = false, children, ...button }: { label: string; icon: ReactElement; active?: boolean; children?: ReactNode } & Record<string, unknown>) {
  const [open] = useSidebarState();
  return (
    <ListItem disablePadding>
      <ListItemButton {...button} title={open ? undefined : label} sx={entrySx(active)}>
        <ListItemIcon>{icon}</ListItemIcon>
        <Typography variant="inherit" noWrap sx={open ? { flexGrow: 1 } : visuallyHidden}>
          {label}
        </Typography>
        {children}
      </ListItemButton>
    </ListItem>
  );
}

/** A page link of the side menu: active (aria-current) when its page is open; on phones it closes the drawer. */
export function MenuLink({ to, label, icon }: { to: string; label: string; icon: ReactElement }) {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [, setOpen] = useSidebarState();
  const active = !!useMatch({ path: to, end: to === '/' });
  return (
    <MenuEntryItem
      component={Link}
      to={to}
      label={label}
      icon={icon}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={() => small && setOpen(false)}
    />
  );
}

/** A side menu entry that opens something in place (the chat) or an address outside the app. */
export function MenuAction({ label, icon, ...button }: { label: string; icon: ReactElement } & ({ onClick: () => void; 'data-testid'?: string } | { component: 'a'; href: string; target: string; rel: string })) {
  return <MenuEntryItem label={label} icon={icon} {...button} />;
}
