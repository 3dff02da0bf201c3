import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { AppNotification } from './AppNotification';
import { ChatProvider } from '../chat/ChatContext';
import { PageErrorBoundary } from '../errors/PageErrorBoundary';
import { AppBreadcrumbs } from './AppBreadcrumbs';
import { AppHeader } from './AppHeader';
import { AppMenu } from './AppMenu';
import { AppSidebar } from './AppSidebar';
import { CookieBanner } from './CookieBanner';
import { NewDesignDisclaimer } from './NewDesignDisclaimer';
import { RouteGuard } from './RouteGuard';
import { useAccount } from './useAccount';
import { useAccountLanguage } from './useAccountLanguage';

/**
 * The page frame of both areas (the learner shell and react-admin's `layout`): header, side menu
 * (signed-in roles), new-design disclaimer, breadcrumbs (Students, Instructors and Root only,
 * error pages included), the route guard, an error boundary per page and the cookie banner.
 * Plain MUI: the header's height and the menu's width are fixed from the first paint.
 * `notifications` is the toasts' snackbar: the learner shell's; react-admin renders its own.
 */
export function AppLayout({ children, notifications = false }: { children: ReactNode; notifications?: boolean }) {
  const { pathname } = useLocation();
  const { principal } = useAccount();
  const signedIn = principal.role !== 'Guest';
  useAccountLanguage();
  return (
    <ChatProvider>
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', bgcolor: 'background.default', position: 'relative', zIndex: 1, width: '100%' }}>
        <AppHeader />
        <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, mt: { xs: 7, sm: 6 } }}>
          <Box component="main" sx={{ display: 'flex', flexGrow: 1 }}>
            {signedIn && (
              <AppSidebar>
                <AppMenu />
              </AppSidebar>
            )}
            <Box id="main-content" sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, flexBasis: 0, minWidth: 0, px: 1, bgcolor: 'background.default', zIndex: 2 }}>
              {signedIn && <NewDesignDisclaimer />}
              {signedIn && <AppBreadcrumbs />}
              <RouteGuard>
                <PageErrorBoundary resetKey={pathname}>{children}</PageErrorBoundary>
              </RouteGuard>
            </Box>
          </Box>
        </Box>
        <CookieBanner />
      </Box>
      {notifications && <AppNotification />}
    </ChatProvider>
  );
}
