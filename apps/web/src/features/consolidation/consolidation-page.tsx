import { Link } from 'react-router';
import { App, Button, Empty, Flex, Popconfirm, Result, Table, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ConsolidationGroup } from '@finboard/shared/consolidation';
import { ButtonLink } from '../../components/button-link';
import { useDeleteGroup } from './api/delete-group';
import { useGroups } from './api/get-groups';
import { EXCHANGE_RATES_PATH, groupHref, NEW_GROUP_PATH } from './page-links';

/**
 * /consolidation (administrators): the consolidation groups — several organizations reported as one, in a
 * reporting currency (docs/consolidation.md).
 */
export default function ConsolidationPage() {
  const { message } = App.useApp();
  const groups = useGroups();
  const remove = useDeleteGroup();

  const columns: TableColumnsType<ConsolidationGroup> = [
    {
      title: 'Name',
      dataIndex: 'name',
      render: (name: string, group) => <Link to={groupHref(group.id)}>{name}</Link>,
    },
    { title: 'Reporting currency', dataIndex: 'reportingCurrency' },
    { title: 'Parent', dataIndex: 'parentOrganizationName' },
    { title: 'Members', key: 'members', align: 'right', render: (_, group) => group.members.length },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, group) => (
        <Popconfirm
          title={`Delete ${group.name}?`}
          description="Its members and their books stay as they are. This cannot be undone."
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            remove.mutateAsync(group.id).then(
              (response) => void message.success(response.message),
              (error: Error) => void message.error(error.message),
            )
          }
        >
          <Button danger size="small" icon={<DeleteOutlined />} aria-label={`Delete ${group.name}`}>
            Delete
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Consolidation
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 900 }}>
        A group reports several organizations as one set of statements in its reporting currency: each member translated
        at the rates of the <Link to={EXCHANGE_RATES_PATH}>Exchange Rates</Link> page, what members owe and sell each
        other eliminated by the group&apos;s rules, and the non-controlling interests of members owned below 100 %
        shown.
      </Typography.Paragraph>
      <span>
        <ButtonLink type="primary" icon={<PlusOutlined />} to={NEW_GROUP_PATH}>
          New group
        </ButtonLink>
      </span>
      {groups.isError && !groups.data ? (
        <Result
          status="error"
          title={groups.error.message}
          extra={<Button onClick={() => void groups.refetch()}>Try again</Button>}
        />
      ) : (
        <Table<ConsolidationGroup>
          rowKey="id"
          aria-label="Consolidation groups"
          columns={columns}
          dataSource={groups.data ?? []}
          loading={groups.isPending}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description="No groups yet: make the first with New group" /> }}
        />
      )}
    </Flex>
  );
}
