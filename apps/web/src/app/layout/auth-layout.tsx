import { Navigate, Outlet, useSearchParams } from 'react-router';
import { Flex, theme } from 'antd';
import { PRODUCT_TAGLINE } from '@finboard/shared/constants';
import { useCurrentUser } from '../../lib/current-user';
import { useSession } from '../../lib/session-store';
import { afterSignInPathFor } from '../../lib/landing';
import { PageLoader } from './page-loader';

/** Auth pages: a centred card; a signed-in visitor is sent to where they belong (spec §2). */
export function AuthLayout() {
  const session = useSession();
  const currentUser = useCurrentUser();
  const { token } = theme.useToken();
  const [searchParams] = useSearchParams();

  if (session && currentUser.isPending) return <PageLoader />;
  if (session && currentUser.data)
    return <Navigate to={afterSignInPathFor(currentUser.data, searchParams.get('next'))} replace />;

  return (
    <Flex vertical align="center" justify="center" style={{ minHeight: '100vh', padding: 24, background: '#f1f5f9' }}>
      {/* Drawn as Ant Design's bordered Card draws itself: the Card component would bring Tabs, Dropdown
          and Menu into the login page's first load (about 25 KB gzip). */}
      <div
        style={{
          width: '100%',
          maxWidth: 420,
          boxSizing: 'border-box',
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <Flex vertical align="center" gap={4} style={{ marginBottom: 24 }}>
          <a href="/" aria-label="Finboard home">
            <img src="/finboard-logo.svg" alt="Finboard" width={180} height={36} />
          </a>
          {/* Typography.Text type="secondary", drawn without Typography (see the login page's title). */}
          <span style={{ color: token.colorTextDescription, lineHeight: token.lineHeight, wordBreak: 'break-word' }}>
            {PRODUCT_TAGLINE}
          </span>
        </Flex>
        <Outlet />
      </div>
    </Flex>
  );
}
