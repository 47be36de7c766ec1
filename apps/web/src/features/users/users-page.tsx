import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Flex, Table, Tag, Typography, type TableProps } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import type { User } from '@finboard/shared/users';
import { useUsers } from './api/get-users';
import { AddUserModal } from './components/add-user-modal';
import { FilterUsers, type UserFilters } from './components/filter-users';
import { ROLE_LABELS, statusLabel } from './user-labels';
import { usersQueryFromSearch, usersQueryToSearch, type UserListParams } from './users-query';
import { useOrganizationParam } from '../../lib/organization-link';
import { nextTableQuery, sortOrderOf as sortOrderOfColumn } from '../../lib/table-query';

/** Table columns the API can sort by, keyed by column. */
const SORTABLE: Record<string, UserListParams['sortBy']> = {
  name: 'name',
  email: 'email',
  role: 'role',
  organization: 'organizationName',
};

/** Users (admin, spec §2): filtered, sorted and paged by the server. */
export default function UsersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => usersQueryFromSearch(searchParams), [searchParams]);
  const users = useUsers(query);
  // `/users?add=1&organization=<id>` opens Add New User for that organization (Organization Profile links here).
  const adding = searchParams.get('add') === '1';
  const addForOrganization = useOrganizationParam();
  const navigate = useNavigate();

  const setQuery = (next: UserListParams) => setSearchParams(usersQueryToSearch(next, searchParams));
  const applyFilters = (filters: UserFilters) =>
    setQuery({
      ...query,
      name: filters.name?.trim() || undefined,
      email: filters.email?.trim() || undefined,
      organization_id: filters.organization_id,
      role: filters.role,
      page: 1,
    });
  // Opened from an Organization Profile, the dialog goes back there when it closes (saved or not).
  const closeAdding = () =>
    addForOrganization ? void navigate(`/organizations/${encodeURIComponent(addForOrganization)}`) : setAdding(false);
  const setAdding = (open: boolean) => {
    const next = new URLSearchParams(searchParams);
    next.delete('organization');
    if (open) next.set('add', '1');
    else next.delete('add');
    setSearchParams(next);
  };

  const sortOrderOf = (key: string) => sortOrderOfColumn(SORTABLE, query, key);

  const columns: TableProps<User>['columns'] = [
    {
      key: 'name',
      title: 'Name',
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (_, user) => <Link to={`/users/${user.id}`}>{user.fullName}</Link>,
    },
    { key: 'email', title: 'E-mail', dataIndex: 'email', sorter: true, sortOrder: sortOrderOf('email') },
    {
      key: 'role',
      title: 'Role',
      sorter: true,
      sortOrder: sortOrderOf('role'),
      render: (_, user) => ROLE_LABELS[user.role],
    },
    {
      key: 'organization',
      title: 'Organization',
      sorter: true,
      sortOrder: sortOrderOf('organization'),
      render: (_, user) => user.organizationName ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      key: 'status',
      title: 'Status',
      render: (_, user) => <Tag color={user.isActive ? 'green' : 'default'}>{statusLabel(user.isActive)}</Tag>,
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, user) => (
        <Link to={`/users/${user.id}`} aria-label={`View ${user.fullName}`}>
          View
        </Link>
      ),
    },
  ];

  const onTableChange: TableProps<User>['onChange'] = (pagination, _filters, sorter) =>
    setQuery(nextTableQuery(query, SORTABLE, 'name', pagination, sorter));

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={2}>Users</Typography.Title>
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
          Add User
        </Button>
      </Flex>
      <FilterUsers value={query} onApply={applyFilters} />
      {users.error && <Alert type="error" showIcon title={users.error.message} style={{ marginBottom: 16 }} />}
      <Table<User>
        rowKey="id"
        columns={columns}
        dataSource={users.data?.users ?? []}
        loading={users.isFetching}
        onChange={onTableChange}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: users.data?.pagination.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `${total} user${total === 1 ? '' : 's'}`,
        }}
        locale={{ emptyText: 'No users match these filters.' }}
      />
      <AddUserModal
        key={addForOrganization ?? 'any'}
        open={adding}
        organizationId={addForOrganization}
        onClose={closeAdding}
      />
    </>
  );
}
