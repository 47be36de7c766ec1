import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Empty, Flex, Input, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '@finboard/shared/constants';
import type { OrganizationSummary } from '@finboard/shared/organizations';
import { useOrganizations } from './api/get-organizations';
import { OrganizationFilters } from './components/organization-filters';
import { OrganizationFormModal } from './components/organization-form-modal';
import { OrganizationLogo } from './components/organization-logo';
import {
  antdSortOrder,
  FILTER_FIELDS,
  listStateFromParams,
  paramsFromListState,
  sortFromAntd,
  type OrganizationFilters as Filters,
  type OrganizationListState,
  type OrganizationSortField,
} from './organization-list-params';
import { formatPhoneNumber } from '../../lib/phone-number';
import { serverTableChange } from '../../lib/table-query';

/** The admin's list of client organizations: searchable, filterable, sortable and paged on the server. */
export default function OrganizationsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = listStateFromParams(searchParams);
  const organizations = useOrganizations(state);
  const [adding, setAdding] = useState(false);

  const change = (patch: Partial<OrganizationListState>) =>
    setSearchParams(paramsFromListState({ ...state, ...patch }));
  const filters: Filters = Object.fromEntries(FILTER_FIELDS.map((field) => [field, state[field]]));
  const filtersKey = FILTER_FIELDS.map((field) => state[field] ?? '').join('\u0000');

  const sortable = (field: OrganizationSortField) => ({
    key: field,
    sorter: true,
    sortOrder: antdSortOrder(state, field),
    sortDirections: ['ascend', 'descend'] as ('ascend' | 'descend')[],
  });

  const columns: TableColumnsType<OrganizationSummary> = [
    {
      title: 'Logo',
      key: 'logo',
      width: 96,
      render: (_, organization) => (
        <OrganizationLogo logoUrl={organization.logo_url} name={organization.name} width={64} height={32} />
      ),
    },
    {
      title: 'Name',
      dataIndex: 'name',
      ...sortable('name'),
      render: (name: string, organization) => <Link to={`/organizations/${organization.id}`}>{name}</Link>,
    },
    { title: 'Email', dataIndex: 'email', ...sortable('email') },
    { title: 'Phone', dataIndex: 'phone', render: (phone: string) => formatPhoneNumber(phone), ...sortable('phone') },
    {
      title: 'Power BI email',
      dataIndex: 'powerbiEmail',
      ...sortable('powerbiEmail'),
      render: (email: string | null) => email ?? '—',
    },
    { title: 'Users', dataIndex: 'userCount', align: 'right', ...sortable('userCount') },
    {
      title: 'Created',
      dataIndex: 'createdAt',
      ...sortable('createdAt'),
      render: (createdAt: string) => dayjs(createdAt).format(DATE_FORMAT),
    },
    {
      title: 'Status',
      dataIndex: 'isActive',
      key: 'status',
      render: (isActive: boolean) => (isActive ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
    },
  ];

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={16}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Organizations
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          Add Organization
        </Button>
      </Flex>

      <Flex vertical gap={16} style={{ margin: '16px 0' }}>
        <Input.Search
          key={state.search ?? ''}
          defaultValue={state.search}
          placeholder="Search name, e-mail, phone or Power BI e-mail"
          aria-label="Search organizations"
          allowClear
          enterButton
          maxLength={200}
          style={{ maxWidth: 480 }}
          onSearch={(search) => change({ search: search.trim() || undefined, page: 1 })}
        />
        <OrganizationFilters
          key={filtersKey}
          value={filters}
          onApply={(applied) =>
            change({
              ...Object.fromEntries(FILTER_FIELDS.map((field) => [field, applied[field]?.trim() || undefined])),
              page: 1,
            })
          }
        />
      </Flex>

      {organizations.error && (
        <Alert type="error" role="alert" showIcon title={organizations.error.message} style={{ marginBottom: 16 }} />
      )}

      <Table<OrganizationSummary>
        rowKey="id"
        columns={columns}
        dataSource={organizations.data?.organizations ?? []}
        loading={organizations.isFetching}
        locale={{ emptyText: <Empty description="No organizations found" /> }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: state.page,
          pageSize: state.pageSize,
          total: organizations.data?.pagination.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => `${total} organizations`,
        }}
        onChange={serverTableChange(state, change, sortFromAntd)}
      />

      <OrganizationFormModal open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
