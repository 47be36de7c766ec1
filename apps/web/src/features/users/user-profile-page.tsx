import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, App, Button, Card, Descriptions, Flex, Result, Space, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, EditOutlined, KeyOutlined, StopOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { messages } from '@finboard/shared/messages';
import type { User } from '@finboard/shared/users';
import { useCurrentUser } from '../../lib/current-user';
import { useOrganization } from '../../lib/organization-detail';
import { useUser } from './api/get-user';
import { useResetUserPassword } from './api/reset-user-password';
import { useUpdateUserStatus } from './api/update-user-status';
import { EditUserModal } from './components/edit-user-modal';
import { ALL_DASHBOARDS_LABEL } from './dashboard-access';

const CHOSEN_DASHBOARDS_LIST = 'Only a chosen list of dashboards';
import { ROLE_LABELS, statusLabel } from './user-labels';
import { formatPhoneNumber } from '../../lib/phone-number';

/** User Profile (admin, spec §2): details, organization, role, status and the dashboards the user sees. */
export default function UserProfilePage() {
  const { userId = '' } = useParams();
  const user = useUser(userId);

  return (
    <>
      <Link to="/users">
        <ArrowLeftOutlined /> Users
      </Link>
      <Typography.Title level={2} style={{ marginTop: 8 }}>
        User Profile
      </Typography.Title>
      {user.isPending ? (
        <Spin />
      ) : user.error ? (
        <Result status="warning" title={user.error.message} />
      ) : (
        <UserProfile user={user.data} />
      )}
    </>
  );
}

function UserProfile({ user }: { user: User }) {
  const { message, modal } = App.useApp();
  const { data: me } = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const organization = useOrganization(user.organization_id);
  const setStatus = useUpdateUserStatus();
  const resetPassword = useResetUserPassword();
  const isSelf = me?.id === user.id;

  const seen = (organization.data?.organization.dashboards ?? []).filter(
    (dashboard) => user.allDashboards || user.dashboards.includes(dashboard.id),
  );

  const confirmStatus = () =>
    modal.confirm({
      title: user.isActive ? `Deactivate ${user.fullName}?` : `Activate ${user.fullName}?`,
      content: user.isActive
        ? 'They can no longer sign in, and every session they have open ends. Nothing is deleted.'
        : 'They can sign in again with their current password.',
      okText: user.isActive ? 'Deactivate' : 'Activate',
      okButtonProps: { danger: user.isActive },
      onOk: () =>
        setStatus
          .mutateAsync({ userId: user.id, isActive: !user.isActive })
          .then((response) => void message.success(response.message))
          .catch((error: Error) => void message.error(error.message)),
    });

  const confirmReset = () =>
    modal.confirm({
      title: 'Reset Password',
      content: (
        <>
          <p>
            A temporary password will be e-mailed to <strong>{user.email}</strong>. It works for one sign-in, after
            which they must choose a new password.
          </p>
          <p style={{ marginBottom: 0 }}>All of {user.fullName}&apos;s current sessions end now.</p>
        </>
      ),
      okText: 'Reset Password',
      okButtonProps: { danger: true },
      onOk: () =>
        resetPassword
          .mutateAsync(user.email)
          .then(() => void message.success(messages.adminResetSuccess))
          .catch(() => void message.error(messages.adminResetFailed)),
    });

  return (
    <>
      <Card>
        <Flex justify="space-between" align="start" wrap gap={12} style={{ marginBottom: 16 }}>
          <Space orientation="vertical" size={0}>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {user.fullName}
            </Typography.Title>
            <Typography.Text type="secondary">{user.email}</Typography.Text>
          </Space>
          <Space wrap>
            <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
              Edit User
            </Button>
            <Button
              icon={user.isActive ? <StopOutlined /> : <CheckCircleOutlined />}
              danger={user.isActive}
              disabled={isSelf}
              title={isSelf ? 'You cannot deactivate your own account' : undefined}
              onClick={confirmStatus}
            >
              {user.isActive ? 'Deactivate' : 'Activate'}
            </Button>
            <Button icon={<KeyOutlined />} disabled={isSelf} onClick={confirmReset}>
              Reset Password
            </Button>
          </Space>
        </Flex>
        <Descriptions
          bordered
          column={{ xs: 1, md: 2 }}
          size="middle"
          items={[
            { key: 'firstName', label: 'First name', children: user.firstName },
            { key: 'lastName', label: 'Last name', children: user.lastName },
            { key: 'email', label: 'E-mail', children: user.email },
            { key: 'phone', label: 'Phone number', children: formatPhoneNumber(user.phoneNumber) },
            {
              key: 'organization',
              label: 'Organization',
              children: user.organization_id ? (
                <Link to={`/organizations/${user.organization_id}`}>{user.organizationName ?? 'Organization'}</Link>
              ) : (
                'None (platform administrator)'
              ),
            },
            { key: 'role', label: 'Role', children: ROLE_LABELS[user.role] },
            {
              key: 'status',
              label: 'Status',
              children: (
                <>
                  <Tag color={user.isActive ? 'green' : 'default'}>{statusLabel(user.isActive)}</Tag>
                  {user.mustChangePassword && <Tag color="orange">Must change password</Tag>}
                </>
              ),
            },
            { key: 'pipeline', label: 'Pipeline', children: user.pipeline ?? '—' },
            { key: 'since', label: 'Member since', children: new Date(user.createdAt).toLocaleDateString() },
          ]}
        />
      </Card>
      {user.organization_id && (
        <Card title="Dashboards" style={{ marginTop: 16 }}>
          <Typography.Paragraph>
            {user.allDashboards ? ALL_DASHBOARDS_LABEL : CHOSEN_DASHBOARDS_LIST}
          </Typography.Paragraph>
          {organization.error ? (
            <Alert type="error" showIcon title={organization.error.message} />
          ) : organization.isPending ? (
            <Spin />
          ) : seen.length === 0 ? (
            <Typography.Text type="secondary">No dashboards to see yet.</Typography.Text>
          ) : (
            <Space wrap>
              {seen.map((dashboard) => (
                <Tag key={dashboard.id}>{dashboard.name}</Tag>
              ))}
            </Space>
          )}
        </Card>
      )}
      <EditUserModal
        user={user}
        open={editing}
        onClose={() => setEditing(false)}
        dashboards={user.organization_id ? organization.data?.organization.dashboards : []}
        dashboardsError={organization.error}
      />
    </>
  );
}
