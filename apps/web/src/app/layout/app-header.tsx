import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  Alert,
  App,
  Avatar,
  Button,
  Dropdown,
  Flex,
  Layout,
  Menu,
  Space,
  Tooltip,
  Typography,
  type MenuProps,
} from 'antd';
import {
  BellOutlined,
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  MailOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  ReadOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { AVATAR_TEXT_GAP, LOGO_HEIGHT, LOGO_WIDTH } from '@finboard/shared/constants';
import { dashboardMessages } from '@finboard/shared/dashboards';
import { messages } from '@finboard/shared/messages';
import type { User } from '@finboard/shared/users';
import { useLogout } from '../../features/auth/api/logout';
import { guidePath } from '../../lib/guide-paths';
import { useOrganization } from '../../lib/organization-detail';
import { useReorderDashboards } from '../../features/organizations/api/reorder-dashboards';
import { moveById } from '../../features/organizations/dashboard-order';
import { imageUrl } from '../../lib/image-url';
import { sessionStore } from '../../lib/session-store';
import { logoTargetFor } from '../../lib/landing';
import { DashboardDrawer } from './dashboard-drawer';
import { HeaderOrganizationName } from './header-organization-name';
import { DEFAULT_LOGO, HeaderLogo } from './header-logo';
import { dashboardHref, isActive, navigationFor, REPORT_PACKS_PATH } from './navigation';
import { NavigationDrawer } from './navigation-drawer';
import { useCompactLayout } from './use-compact-layout';
import { displayNameOf, initialsOf } from './user-display';

/** Twice the displayed width, for sharp logos on high-density screens. */
const LOGO_REQUEST_WIDTH = LOGO_WIDTH * 2;

export function AppHeader({ user }: { user: User }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const logout = useLogout();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [navigationOpen, setNavigationOpen] = useState(false);
  const compact = useCompactLayout();
  const isOrganizationUser = user.role === 'user';
  // Until a forced password change is done the API refuses everything else, so ask for nothing yet.
  const organizationId = isOrganizationUser && !user.mustChangePassword ? user.organization_id : null;
  // Spec §4: fetched on load and refreshed every hour; the server lists only the dashboards granted to the user.
  const organization = useOrganization(organizationId, { refreshHourly: true });
  const reorder = useReorderDashboards();
  const dashboards = organization.data?.organization.dashboards ?? [];
  const dashboardsError = organization.error ? dashboardMessages.loadFailed : undefined;
  const organizationLoading = Boolean(organizationId) && organization.isPending;

  // Spec §2/§4: shown by itself when the view has data and a message exists; the bell toggles it.
  const auditMessage = organization.data?.viewHasData ? organization.data.auditDataMessage : null;
  const [hiddenAuditMessage, setHiddenAuditMessage] = useState<string | null>(null);
  const infoVisible = Boolean(auditMessage) && hiddenAuditMessage !== auditMessage;

  const moveDashboard = (activeId: string, overId: string) => {
    const next = moveById(dashboards, activeId, overId);
    if (!organizationId || !next) return;
    reorder.mutate(
      { organizationId, dashboardIds: next.map((dashboard) => dashboard.id) },
      {
        onSuccess: () => void message.success(dashboardMessages.updated),
        onError: () => void message.error(dashboardMessages.updateFailed),
      },
    );
  };

  const logoSrc = organization.data?.organization.logo_url
    ? imageUrl(organization.data.organization.logo_url, LOGO_REQUEST_WIDTH)
    : DEFAULT_LOGO;

  const items: MenuProps['items'] = navigationFor(user.role).map((item) =>
    item.path
      ? { key: item.key, label: <Link to={item.path}>{item.label}</Link> }
      : {
          key: item.key,
          label: item.label,
          children: [
            ...(dashboards.length > 0
              ? dashboards.map((dashboard) => ({
                  key: `dashboard:${dashboard.id}`,
                  label: <Link to={dashboardHref(dashboard.name)}>{dashboard.name}</Link>,
                }))
              : [
                  {
                    key: 'dashboard:none',
                    label: dashboardsError ?? (organizationLoading ? 'Loading...' : dashboardMessages.noneAvailable),
                    disabled: true,
                  },
                ]),
            // Issue 27: the packs sent from these figures, after the dashboards themselves.
            { type: 'divider' as const },
            { key: 'report-packs', label: <Link to={REPORT_PACKS_PATH}>Report packs</Link> },
          ],
        },
  );
  const selectedKeys = navigationFor(user.role)
    .filter((item) => isActive(item, pathname))
    .map((item) => item.key);

  const signOut = async () => {
    try {
      await logout.mutateAsync();
    } catch {
      // The session ends locally whatever the server answered.
    }
    sessionStore.clear();
    queryClient.clear();
    void message.success(messages.logoutSuccess);
    void navigate('/login', { replace: true });
  };

  const profileMenu: MenuProps['items'] = [
    ...(compact
      ? [{ key: 'name', label: displayNameOf(user.fullName), disabled: true }, { type: 'divider' as const }]
      : []),
    {
      key: 'profile',
      icon: <UserOutlined />,
      label: 'Profile Details',
      onClick: () => void navigate('/profile'),
    },
    {
      key: 'change-password',
      icon: <KeyOutlined />,
      label: 'Change Password',
      onClick: () => void navigate('/change-password'),
    },
    ...(user.role === 'admin'
      ? [{ key: 'outbox', icon: <MailOutlined />, label: 'Outbox', onClick: () => void navigate('/outbox') }]
      : []),
    {
      key: 'user-guide',
      icon: <ReadOutlined />,
      label: 'User guide',
      onClick: () => void navigate(guidePath('user-guide')),
    },
    ...(user.role === 'admin'
      ? [
          {
            key: 'operations-guide',
            icon: <ToolOutlined />,
            label: 'Operations guide',
            onClick: () => void navigate(guidePath('operations')),
          },
        ]
      : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Logout', onClick: () => void signOut() },
  ];

  return (
    <>
      <Layout.Header
        style={{
          background: '#fff',
          borderBottom: '1px solid #e2e8f0',
          padding: compact ? '0 12px' : '0 24px',
          display: 'flex',
          alignItems: 'center',
          gap: compact ? 8 : 24,
          position: 'sticky',
          top: 0,
          zIndex: 10,
        }}
      >
        {compact && (
          <Button
            type="text"
            aria-label="Open navigation"
            aria-expanded={navigationOpen}
            icon={<MenuOutlined />}
            onClick={() => setNavigationOpen(true)}
          />
        )}
        {/* Spec §4: the platform admin always sees the default logo; a user's shows once their organization loads. */}
        {organizationLoading ? (
          <span
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              width: LOGO_WIDTH,
              height: LOGO_HEIGHT,
              color: '#64748b',
            }}
          >
            Loading...
          </span>
        ) : (
          <HeaderLogo key={logoSrc} src={logoSrc} to={logoTargetFor(user.role)} compact={compact} />
        )}
        {compact ? (
          <>
            <span style={{ flex: 1 }} />
            <NavigationDrawer
              open={navigationOpen}
              onClose={() => setNavigationOpen(false)}
              title={
                isOrganizationUser ? <HeaderOrganizationName name={organization.data?.organization.name} /> : 'Menu'
              }
              items={items}
              selectedKeys={selectedKeys}
            />
          </>
        ) : (
          <>
            {isOrganizationUser && <HeaderOrganizationName name={organization.data?.organization.name} />}
            <Menu
              mode="horizontal"
              aria-label="Main navigation"
              triggerSubMenuAction="click"
              selectedKeys={selectedKeys}
              items={items}
              style={{ flex: 1, minWidth: 0, borderBottom: 'none' }}
            />
          </>
        )}
        <Flex align="center" gap={compact ? 4 : 12}>
          {auditMessage && !drawerOpen && (
            <Tooltip title="Info">
              <Button
                type="text"
                aria-label="Info"
                aria-pressed={infoVisible}
                icon={<BellOutlined />}
                onClick={() => setHiddenAuditMessage(infoVisible ? auditMessage : null)}
              />
            </Tooltip>
          )}
          {isOrganizationUser && (
            <Tooltip title="Dashboards">
              <Button
                type="text"
                aria-label="Open dashboards"
                icon={<MenuUnfoldOutlined />}
                onClick={() => setDrawerOpen(true)}
              />
            </Tooltip>
          )}
          <Dropdown menu={{ items: profileMenu }} trigger={['click']}>
            <Button type="text" aria-label="Profile menu" style={{ height: 'auto', padding: compact ? 2 : '4px 8px' }}>
              <Space size={AVATAR_TEXT_GAP * 2}>
                <Avatar style={{ backgroundColor: '#1d4ed8' }}>{initialsOf(user.fullName)}</Avatar>
                {/* On a phone the avatar alone opens the menu; the full name heads the menu instead. */}
                {!compact && <Typography.Text strong>{displayNameOf(user.fullName)}</Typography.Text>}
                {!compact && <DownOutlined style={{ fontSize: 10 }} />}
              </Space>
            </Button>
          </Dropdown>
        </Flex>
        {isOrganizationUser && (
          <DashboardDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            dashboards={dashboards}
            loading={organizationLoading}
            error={dashboardsError}
            onMove={moveDashboard}
          />
        )}
      </Layout.Header>
      {infoVisible && auditMessage && (
        <Alert
          type="info"
          showIcon
          role="status"
          title="Info"
          description={auditMessage}
          closable={{ onClose: () => setHiddenAuditMessage(auditMessage) }}
          style={{ margin: compact ? '12px 12px 0' : '16px 24px 0' }}
        />
      )}
    </>
  );
}
