import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { App, Button, Card, Descriptions, Flex, Popconfirm, Result, Skeleton, Tag, Typography } from 'antd';
import {
  ApiOutlined,
  ArrowLeftOutlined,
  DatabaseOutlined,
  EditOutlined,
  FilePdfOutlined,
  PlusOutlined,
  SyncOutlined,
  TableOutlined,
  UploadOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { Dashboard } from '@finboard/shared/dashboards';
import { ButtonLink } from '../../components/button-link';
import { ApiError } from '../../lib/api-client';
import { useOrganization } from '../../lib/organization-detail';
import { withOrganization } from '../../lib/organization-link';
import { formatPhoneNumber } from '../../lib/phone-number';
import { useUpdateOrganizationStatus } from './api/update-organization-status';
import { AuditMessageEditor } from './components/audit-message-editor';
import { DashboardFormModal } from './components/dashboard-form-modal';
import { DashboardList } from './components/dashboard-list';
import { OrganizationFormModal } from './components/organization-form-modal';
import { OrganizationLogo } from './components/organization-logo';
import { OrganizationUsers } from './components/organization-users';
import { currencyLabel, fiscalYearStartLabel } from './organization-form-data';

/** Organization Profile (spec §2): details, status, audit message, dashboards and users of one organization. */
export default function OrganizationProfilePage() {
  const { id = '' } = useParams();
  const { message } = App.useApp();
  const organization = useOrganization(id);
  const status = useUpdateOrganizationStatus();
  const [editing, setEditing] = useState(false);
  const [dashboardTarget, setDashboardTarget] = useState<Dashboard | 'new'>();

  const back = (
    <Link to="/organizations">
      <ArrowLeftOutlined /> Organizations
    </Link>
  );

  if (organization.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (organization.isError) {
    return (
      <Result
        status={organization.error instanceof ApiError && organization.error.status === 404 ? '404' : 'error'}
        title={organization.error.message}
        extra={back}
      />
    );
  }

  const { organization: org, auditDataMessage } = organization.data;
  const text = (value: string | null) => value || '—';

  return (
    <Flex vertical gap={16}>
      {back}
      <Flex justify="space-between" align="center" wrap gap={16}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Organization Profile
        </Typography.Title>
        <Flex gap={8} wrap>
          <ButtonLink to={withOrganization('/data-management', org.id)} icon={<TableOutlined />}>
            Data Management Studio
          </ButtonLink>
          <ButtonLink to={withOrganization('/datatypemaster', org.id)} icon={<DatabaseOutlined />}>
            Data Type Master
          </ButtonLink>
          <ButtonLink to={withOrganization('/file-upload', org.id)} icon={<UploadOutlined />}>
            Upload
          </ButtonLink>
          <ButtonLink to={withOrganization('/data-refresh-log', org.id)} icon={<SyncOutlined />}>
            Data Refresh Log
          </ButtonLink>
          <ButtonLink to={withOrganization('/apps', org.id)} icon={<ApiOutlined />}>
            Apps
          </ButtonLink>
          <ButtonLink to={withOrganization('/report-packs', org.id)} icon={<FilePdfOutlined />}>
            Report packs
          </ButtonLink>
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            Edit Organization
          </Button>
          <Popconfirm
            title={org.isActive ? `Deactivate ${org.name}?` : `Activate ${org.name}?`}
            description={
              org.isActive
                ? 'Its users will no longer be able to sign in. Nothing is deleted.'
                : 'Its users will be able to sign in again.'
            }
            okText={org.isActive ? 'Deactivate' : 'Activate'}
            okButtonProps={{ danger: org.isActive }}
            onConfirm={() =>
              status.mutateAsync({ id: org.id, body: { isActive: !org.isActive } }).then(
                (response) => void message.success(response.message),
                (error: Error) => void message.error(error.message),
              )
            }
          >
            <Button danger={org.isActive} loading={status.isPending}>
              {org.isActive ? 'Deactivate' : 'Activate'}
            </Button>
          </Popconfirm>
        </Flex>
      </Flex>

      <Card>
        <Flex gap={24} wrap align="flex-start">
          <OrganizationLogo logoUrl={org.logo_url} name={org.name} width={160} height={80} />
          <Descriptions
            title={org.name}
            column={{ xs: 1, md: 2 }}
            style={{ flex: 1, minWidth: 280 }}
            items={[
              { key: 'name', label: 'Name', children: org.name },
              { key: 'email', label: 'Email', children: org.email },
              { key: 'phone', label: 'Phone number', children: formatPhoneNumber(org.phone) },
              { key: 'powerbiEmail', label: 'Power BI email', children: text(org.powerbiEmail) },
              { key: 'address', label: 'Address', children: text(org.address) },
              { key: 'baseCurrency', label: 'Base currency', children: currencyLabel(org.baseCurrency) },
              {
                key: 'fiscalYearStart',
                label: 'Fiscal year starts',
                children: fiscalYearStartLabel(org.fiscalYearStartMonth),
              },
              {
                key: 'status',
                label: 'Status',
                children: org.isActive ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>,
              },
              { key: 'description', label: 'Description', children: text(org.description), span: 'filled' },
            ]}
          />
        </Flex>
      </Card>

      <Card
        title="Dashboards"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDashboardTarget('new')}>
            Add Dashboard
          </Button>
        }
      >
        <DashboardList organizationId={org.id} dashboards={org.dashboards} onEdit={setDashboardTarget} />
      </Card>

      <Card title="Info message">
        <AuditMessageEditor organizationId={org.id} auditDataMessage={auditDataMessage} />
      </Card>

      <Card
        title={`Users (${org.userCount})`}
        extra={
          <ButtonLink to={`${withOrganization('/users', org.id)}&add=1`} icon={<UserAddOutlined />}>
            Add User
          </ButtonLink>
        }
      >
        <OrganizationUsers organizationId={org.id} />
      </Card>

      <OrganizationFormModal open={editing} organization={org} onClose={() => setEditing(false)} />
      <DashboardFormModal
        organizationId={org.id}
        dashboards={org.dashboards}
        target={dashboardTarget}
        onClose={() => setDashboardTarget(undefined)}
      />
    </Flex>
  );
}
