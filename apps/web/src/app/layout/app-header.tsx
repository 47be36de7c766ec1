import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { App, Avatar, Button, Dropdown, Flex, Layout, Menu, Space, Tooltip, Typography, type MenuProps } from 'antd';
import { DownOutlined, KeyOutlined, LogoutOutlined, MailOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { AVATAR_TEXT_GAP } from '@finboard/shared/constants';
import { messages } from '@finboard/shared/messages';
import type { User } from '@finboard/shared/users';
import { useLogout } from '../../features/auth/api/logout';
import { sessionStore } from '../../lib/session-store';
import { logoTargetFor } from '../landing';
import { DashboardDrawer } from './dashboard-drawer';
import { DEFAULT_LOGO, HeaderLogo } from './header-logo';
import { dashboardHref, isActive, navigationFor } from './navigation';
import { displayNameOf, initialsOf } from './user-display';

/** Dashboards assigned to the caller's organization arrive with the organizations capability. */
const NO_DASHBOARDS: { name: string }[] = [];

export function AppHeader({ user }: { user: User }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const logout = useLogout();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const dashboards = NO_DASHBOARDS;

  const items: MenuProps['items'] = navigationFor(user.role).map((item) =>
    item.path
      ? { key: item.key, label: <Link to={item.path}>{item.label}</Link> }
      : {
          key: item.key,
          label: item.label,
          children:
            dashboards.length > 0
              ? dashboards.map((dashboard) => ({
                  key: `dashboard:${dashboard.name}`,
                  label: <Link to={dashboardHref(dashboard.name)}>{dashboard.name}</Link>,
                }))
              : [{ key: 'dashboard:none', label: 'No dashboards available for your account.', disabled: true }],
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
    {
      key: 'change-password',
      icon: <KeyOutlined />,
      label: 'Change Password',
      onClick: () => void navigate('/change-password'),
    },
    ...(user.role === 'admin'
      ? [{ key: 'outbox', icon: <MailOutlined />, label: 'Outbox', onClick: () => void navigate('/outbox') }]
      : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Logout', onClick: () => void signOut() },
  ];

  return (
    <Layout.Header
      style={{
        background: '#fff',
        borderBottom: '1px solid #e2e8f0',
        padding: '0 24px',
        display: 'flex',
        alignItems: 'center',
        gap: 24,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      {/* The platform admin always sees the default logo; organization logos come with organizations. */}
      <HeaderLogo src={DEFAULT_LOGO} to={logoTargetFor(user.role)} />
      <Menu
        mode="horizontal"
        aria-label="Main navigation"
        triggerSubMenuAction="click"
        selectedKeys={selectedKeys}
        items={items}
        style={{ flex: 1, minWidth: 0, borderBottom: 'none' }}
      />
      <Flex align="center" gap={12}>
        {user.role === 'user' && (
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
          <Button type="text" aria-label="Profile menu" style={{ height: 'auto', padding: '4px 8px' }}>
            <Space size={AVATAR_TEXT_GAP * 2}>
              <Avatar style={{ backgroundColor: '#1d4ed8' }}>{initialsOf(user.fullName)}</Avatar>
              <Typography.Text strong>{displayNameOf(user.fullName)}</Typography.Text>
              <DownOutlined style={{ fontSize: 10 }} />
            </Space>
          </Button>
        </Dropdown>
      </Flex>
      {user.role === 'user' && (
        <DashboardDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} dashboards={dashboards} />
      )}
    </Layout.Header>
  );
}
