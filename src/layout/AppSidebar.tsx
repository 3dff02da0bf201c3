import { Drawer, useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { useSidebarState } from '../app';

/** Width of the side menu, open and closed (theme.sidebar, as react-admin reads it). */
export const SIDEBAR_WIDTH = { open: 272, closed: 56 } as const;

/**
 * The side menu's drawer: over the page on phones (closed until the burger opens it), beside
 * the page elsewhere, narrowed to its icons when closed. Its width is fixed from the first
 * paint (no shift when the menu's items arrive).
 */
export function AppSidebar({ children }: { children: ReactNode }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.only('xs'), { noSsr: true });
  const [open, setOpen] = useSidebarState();
  const width = open ? SIDEBAR_WIDTH.open : SIDEBAR_WIDTH.closed;
  if (phone) {
    return (
      <Drawer variant="temporary" open={open} onClose={() => setOpen(false)} slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH.open, bgcolor: 'background.default' } } }}>
        {children}
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="permanent"
      open={open}
      data-testid="app-sidebar"
      sx={{ width, flexShrink: 0, transition: (t) => t.transitions.create('width') }}
      slotProps={{ paper: { sx: { position: 'relative', width, border: 'none', bgcolor: 'transparent', overflowX: 'hidden', transition: (t) => t.transitions.create('width'), zIndex: 'inherit' } } }}
    >
      <div style={{ position: 'sticky', top: 0, overflowX: 'hidden' }}>{children}</div>
    </Drawer>
  );
}
