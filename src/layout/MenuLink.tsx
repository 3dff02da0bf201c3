import { ListItemIcon, MenuItem, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { ReactElement } from 'react';
import { Link, useMatch } from 'react-router-dom';
import { useSidebarState } from '../app';

/** A page link of the side menu: active when its page is open; its label as the browser's tooltip when the menu is narrowed to icons (MUI's Tooltip would bring Popper into every first load). */
export function MenuLink({ to, label, icon }: { to: string; label: string; icon: ReactElement }) {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [open, setOpen] = useSidebarState();
  const active = useMatch({ path: to, end: to === '/' });
  return (
    <MenuItem
      component={Link}
      to={to}
      title={open ? undefined : label}
      aria-label={open ? undefined : label}
      aria-current={active ? 'page' : undefined}
      onClick={() => small && setOpen(false)}
      sx={{ color: active ? 'text.primary' : 'text.secondary', '& .MuiListItemIcon-root': { color: 'text.secondary', minWidth: 40 } }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <Typography variant="inherit" noWrap sx={{ flexGrow: 1 }}>
        {label}
      </Typography>
    </MenuItem>
  );
}
