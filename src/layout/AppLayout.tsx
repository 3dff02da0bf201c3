import type { ReactNode } from 'react';
import { Layout, Sidebar } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { ChatProvider } from '../chat/ChatContext';
import { PageErrorBoundary } from '../errors/PageErrorBoundary';
import { AppBreadcrumbs } from './AppBreadcrumbs';
import { AppHeader } from './AppHeader';
import { AppMenu } from './AppMenu';
import { CookieBanner } from './CookieBanner';
import { NewDesignDisclaimer } from './NewDesignDisclaimer';
import { RouteGuard } from './RouteGuard';
import { useAccount } from './useAccount';
import { useAccountLanguage } from './useAccountLanguage';

const NoSidebar = () => null;

/**
 * The page frame: header, side menu (signed-in roles), new-design disclaimer, breadcrumbs
 * (Students, Instructors and Root only, error pages included), the route guard, an error
 * boundary per page and the cookie banner.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { principal } = useAccount();
  const signedIn = principal.role !== 'Guest';
  useAccountLanguage();
  return (
    <ChatProvider>
      <Layout appBar={AppHeader} menu={AppMenu} sidebar={signedIn ? Sidebar : NoSidebar}>
        {signedIn && <NewDesignDisclaimer />}
        {signedIn && <AppBreadcrumbs />}
        <RouteGuard>
          <PageErrorBoundary resetKey={pathname}>{children}</PageErrorBoundary>
        </RouteGuard>
        <CookieBanner />
      </Layout>
    </ChatProvider>
  );
}
