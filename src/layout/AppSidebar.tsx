import { Box, useMediaQuery, type Theme } from '@mui/material';
import { lazy, type ReactNode } from 'react';
import { Deferred, useSidebarState } from '../app';

/** Width of the side menu, open and closed (theme.sidebar, as react-admin reads it). */
export const SIDEBAR_WIDTH = { open: 272, closed: 56 } as const;

const Drawer = lazy(() => import('@mui/material/Drawer'));

/**
 * The side menu: beside the page from 768 px, narrowed to its icons when closed, its width
 * fixed from the first paint (no shift when the menu's items arrive); on phones a drawer over
 * the page, loaded when the burger first opens it.
 */
export function AppSidebar({ children }: { children: ReactNode }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.only('xs'), { noSsr: true });
  const [open, setOpen] = useSidebarState();
  if (phone) {
    return (
      <Deferred when={open}>
        <Drawer variant="temporary" open={open} onClose={() => setOpen(false)} slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH.open, bgcolor: 'background.default' } } }}>
          {children}
        </Drawer>
      </Deferred>
    );
  }
  const width = open ? SIDEBAR_WIDTH.open : SIDEBAR_WIDTH.closed;
  return (
    <Box component="nav" data-testid="app-sidebar" sx={{ width, flexShrink: 0, transition: (t) => t.transitions.create('width') }}>
      <Box sx={{ position: 'sticky', top: { xs: 56, sm: 48 }, width, maxHeight: { xs: 'calc(100vh - 56px)', sm: 'calc(100vh - 48px)' }, overflowX: 'hidden', overflowY: 'auto', scrollbarWidth: 'none' }}>
        {children}
      </Box>
    </Box>
  );
}
