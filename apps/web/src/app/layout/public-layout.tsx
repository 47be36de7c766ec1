import { ButtonLink } from '../../components/button-link';
import { Link, NavLink, Outlet } from 'react-router';
import { Flex, Layout, Space, Typography } from 'antd';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@finboard/shared/constants';
import { useSession } from '../../lib/session-store';

const LINKS = [
  { to: '/about-us', label: 'About us' },
  { to: '/faq', label: 'FAQ' },
];

const FOOTER_LINKS = [
  { to: '/about-us', label: 'About us' },
  { to: '/faq', label: 'FAQ' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/license-agreement', label: 'License Agreement' },
];

/** The public website's own chrome: no logged-in header (spec §2). */
export function PublicLayout() {
  const session = useSession();
  return (
    <Layout style={{ minHeight: '100vh', background: '#fff' }}>
      <header style={{ borderBottom: '1px solid #e2e8f0', background: '#fff' }}>
        <Flex
          component="nav"
          aria-label="Main"
          align="center"
          justify="space-between"
          wrap
          gap={16}
          style={{ maxWidth: 1120, margin: '0 auto', padding: '12px 24px' }}
        >
          <Link to="/" aria-label={`${PRODUCT_NAME} home`}>
            <img src="/finboard-logo.svg" alt={PRODUCT_NAME} width={180} height={36} />
          </Link>
          <Space size="large" wrap>
            {LINKS.map((link) => (
              <NavLink key={link.to} to={link.to}>
                {link.label}
              </NavLink>
            ))}
            <ButtonLink to="/login" type="primary">
              {session ? 'Open Finboard' : 'Log in'}
            </ButtonLink>
          </Space>
        </Flex>
      </header>
      <Layout.Content>
        <Outlet />
      </Layout.Content>
      <footer style={{ background: '#0f172a', color: '#cbd5e1', padding: '32px 24px' }}>
        <Flex justify="space-between" wrap gap={16} style={{ maxWidth: 1120, margin: '0 auto' }}>
          <Typography.Text style={{ color: '#cbd5e1' }}>
            © {new Date().getFullYear()} {PRODUCT_NAME} — {PRODUCT_TAGLINE}
          </Typography.Text>
          <Space size="large" wrap>
            {FOOTER_LINKS.map((link) => (
              <Link key={link.to} to={link.to} style={{ color: '#cbd5e1' }}>
                {link.label}
              </Link>
            ))}
          </Space>
        </Flex>
      </footer>
    </Layout>
  );
}
