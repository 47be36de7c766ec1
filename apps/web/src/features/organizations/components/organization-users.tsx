import { useState } from 'react';
import { Alert, Empty, Table, Tag, type TableColumnsType } from 'antd';
import type { User } from '@finboard/shared/users';
import { useOrganizationUsers } from '../api/get-organization-users';

const ROLE_LABELS: Record<User['role'], string> = { admin: 'Admin', user: 'User' };

const columns: TableColumnsType<User> = [
  { title: 'Name', dataIndex: 'fullName', render: (name: string) => name || 'Unknown' },
  { title: 'Email', dataIndex: 'email' },
  { title: 'Role', dataIndex: 'role', render: (role: User['role']) => ROLE_LABELS[role] },
  {
    title: 'Status',
    dataIndex: 'isActive',
    render: (isActive: boolean) => (isActive ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
  },
];

/** The people of one organization, paged on the server. */
export function OrganizationUsers({ organizationId }: { organizationId: string }) {
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const users = useOrganizationUsers({ organizationId, ...paging });
  return (
    <>
      {users.error && (
        <Alert type="error" role="alert" showIcon title={users.error.message} style={{ marginBottom: 16 }} />
      )}
      <Table<User>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={users.data?.data ?? []}
        loading={users.isFetching}
        locale={{ emptyText: <Empty description="No users in this organization yet" /> }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: users.data?.pagination.total ?? 0,
          hideOnSinglePage: true,
          onChange: (page, pageSize) => setPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize }),
        }}
      />
    </>
  );
}
