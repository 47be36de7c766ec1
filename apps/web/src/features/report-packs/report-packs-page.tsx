import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  Popconfirm,
  Result,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { reportPackMessages as m, type Pack } from '@finboard/shared/report-packs';
import { AdminOrganizationPicker } from '../../components/organization-select';
import { useOrganizationInUrl } from '../../lib/page-organization';
import { useDeletePack } from './api/delete-pack';
import { usePacks } from './api/get-packs';
import { NewPackModal } from './components/new-pack-modal';
import { packHref } from './pack-links';
import { RunStatus } from './components/run-status';
import { scheduleSummary } from './pack-schedule';
import { FORMAT_LABELS, periodLabel } from './pack-period';
import { RUN_TRIGGER_LABELS } from './run-labels';

/**
 * /report-packs (issue 27): the organization's report packs — what each holds, when it is sent and how its last
 * run went — with New pack and Delete. Organization users see their own organization's; an administrator picks
 * one, or comes from its Organization Profile.
 */
export default function ReportPacksPage() {
  const { isAdmin, picked, organizationId, pick } = useOrganizationInUrl();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Report Packs
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 900 }}>
        A pack is what the organization receives each month: a cover, the statements, KPIs and commentary, as a PDF and
        an Excel workbook, generated on request or on a schedule and e-mailed to its recipients.
      </Typography.Paragraph>
      {isAdmin && <AdminOrganizationPicker value={picked} onChange={pick} />}
      {organizationId ? (
        <PackList key={organizationId} organizationId={organizationId} isAdmin={isAdmin} />
      ) : (
        isAdmin && <Empty description="Choose an organization to see its report packs" />
      )}
    </Flex>
  );
}

function PackList({ organizationId, isAdmin }: { organizationId: string; isAdmin: boolean }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const packs = usePacks(organizationId);
  const remove = useDeletePack(organizationId);
  const [creating, setCreating] = useState(false);

  if (packs.isError && !packs.data)
    return (
      <Result
        status="error"
        title={packs.error.message || m.loadFailed}
        extra={<Button onClick={() => void packs.refetch()}>Try again</Button>}
      />
    );

  const columns: TableColumnsType<Pack> = [
    {
      title: 'Name',
      dataIndex: 'name',
      render: (name: string, pack) => <Link to={packHref(pack.id, organizationId, isAdmin)}>{name}</Link>,
    },
    {
      title: 'Template',
      dataIndex: 'templateName',
      render: (name: string | null) => name ?? <Typography.Text type="secondary">None</Typography.Text>,
    },
    { title: 'Pages', key: 'pages', align: 'right', render: (_, pack) => pack.pages.length },
    {
      title: 'Formats',
      dataIndex: 'formats',
      render: (formats: Pack['formats']) => formats.map((format) => <Tag key={format}>{FORMAT_LABELS[format]}</Tag>),
    },
    { title: 'Schedule', key: 'schedule', render: (_, pack) => scheduleSummary(pack.schedule) },
    {
      title: 'Last run',
      key: 'lastRun',
      render: (_, pack) =>
        pack.lastRun ? (
          <Flex vertical gap={2}>
            <Typography.Text style={{ fontSize: 12 }}>
              {periodLabel(pack.lastRun.period)} · {RUN_TRIGGER_LABELS[pack.lastRun.trigger]}
            </Typography.Text>
            <RunStatus run={pack.lastRun} />
          </Flex>
        ) : (
          <Typography.Text type="secondary">Never generated</Typography.Text>
        ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, pack) => (
        <Popconfirm
          title={`Delete ${pack.name}?`}
          description="Its runs and their files go with it. This cannot be undone."
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            remove.mutateAsync(pack.id).then(
              (response) => void message.success(response.message),
              (error: Error) => void message.error(error.message),
            )
          }
        >
          <Button danger size="small" icon={<DeleteOutlined />} aria-label={`Delete ${pack.name}`}>
            Delete
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          New pack
        </Button>
        <Button icon={<ReloadOutlined />} loading={packs.isFetching} onClick={() => void packs.refetch()}>
          Refresh
        </Button>
      </Flex>
      {packs.isError && <Alert type="error" showIcon title={packs.error.message} />}
      <Table<Pack>
        rowKey="id"
        aria-label="Report packs"
        columns={columns}
        dataSource={packs.data ?? []}
        loading={packs.isPending}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty description="No report packs yet: make the first with New pack" />,
        }}
      />
      <NewPackModal
        open={creating}
        organizationId={organizationId}
        canUseTemplates={isAdmin}
        onClose={() => setCreating(false)}
        onCreated={(packId, text) => {
          setCreating(false);
          void message.success(text);
          void navigate(packHref(packId, organizationId, isAdmin));
        }}
      />
    </Flex>
  );
}
