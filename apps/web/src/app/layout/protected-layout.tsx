import { Navigate, Outlet, useLocation } from 'react-router';
import { Button, Layout, Result } from 'antd';
import { useCurrentUser } from '../../lib/current-user';
import { useSession } from '../../lib/session-store';
import { loginPathFor } from '../../lib/landing';
import { AppHeader } from './app-header';
import { PageLoader } from './page-loader';
import { useCompactLayout } from './use-compact-layout';

/** Everything behind sign-in: the header layout of spec §2 around the page. */
export function ProtectedLayout() {
  const session = useSession();
  const location = useLocation();
  const { pathname } = location;
  const currentUser = useCurrentUser();
  const compact = useCompactLayout();

  // After signing in, the visitor comes back to the page (and its URL state) they asked for.
  if (!session) return <Navigate to={loginPathFor(location)} replace />;
  if (currentUser.isPending) return <PageLoader />;
  if (currentUser.isError || !currentUser.data) {
    return (
      <Result
        status="error"
        title={currentUser.error?.message ?? 'An error occurred'}
        extra={<Button onClick={() => void currentUser.refetch()}>Try again</Button>}
      />
    );
  }
  // A password set by someone else must be replaced before anything else (the API enforces it too).
  if (currentUser.data.mustChangePassword && pathname !== '/change-password') {
    return <Navigate to="/change-password" replace />;
  }

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader user={currentUser.data} />
      <Layout.Content
        style={{ padding: compact ? 12 : 24, maxWidth: 1440, width: '100%', margin: '0 auto', minWidth: 0 }}
      >
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
