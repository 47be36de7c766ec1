import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  Popconfirm,
  Result,
  Space,
  Table,
  Tag,
  Typography,
  type TableProps,
} from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { dataTypeMessages, DELIMITER_LABELS, type DataType } from '@finboard/shared/data-types';
import { displayTableName } from '@finboard/shared/warehouse';
import { useDataTypes, type DataTypeListQuery } from '../../lib/data-types';
import { useDeleteDataType } from './api/delete-data-type';
import { DataTypeFormModal } from './components/data-type-form-modal';
import { FilterDataTypes, type DataTypeFilters } from './components/filter-data-types';
import { AdminOrganizationPicker } from '../../components/organization-select';
import { usePageOrganization } from '../../lib/page-organization';
import { nextTableQuery, sortOrderOf as sortOrderOfColumn } from '../../lib/table-query';

/** Table columns the API can sort by, keyed by column. */
const SORTABLE: Record<string, DataTypeListQuery['sortBy']> = { name: 'name', targetTable: 'targetTable' };

const INITIAL_QUERY: DataTypeListQuery = {
  name: undefined,
  page: 1,
  pageSize: 20,
  sortBy: 'name',
  sortOrder: 'asc',
};

/**
 * Data Type Master (issue 4): the organization's catalog of data types uploads are tagged with.
 * Organization users see their own; admins pick the organization first.
 */
export default function DataTypesPage() {
  const { message } = App.useApp();
  // Users work on their own organization, admins on the one they pick: it is in every call's path.
  const {
    isAdmin,
    organizationId,
    picked: pickedOrganization,
    setPicked: setPickedOrganization,
  } = usePageOrganization();
  const [query, setQuery] = useState(INITIAL_QUERY);
  const [target, setTarget] = useState<DataType | 'new'>();
  const remove = useDeleteDataType();

  const ready = Boolean(organizationId);
  const dataTypes = useDataTypes(organizationId, query);

  // Every filter is set, so 'Clear Filter' ({}) removes the ones applied before.
  const applyFilters = (filters: DataTypeFilters) =>
    setQuery({ ...query, name: filters.name, targetTable: filters.targetTable, page: 1 });
  const onDelete = (dataType: DataType) =>
    remove.mutate(
      { organizationId: dataType.organization_id, id: dataType.id },
      {
        onSuccess: (response) => void message.success(response.message),
        onError: (error) => void message.error(error.message),
      },
    );

  const sortOrderOf = (key: string) => sortOrderOfColumn(SORTABLE, query, key);

  const columns: TableProps<DataType>['columns'] = [
    {
      key: 'name',
      title: 'Name',
      width: 240,
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (_, dataType) => (
        <Space>
          <Typography.Text strong>{dataType.name}</Typography.Text>
          {dataType.isStandard && <Tag color="blue">Standard</Tag>}
        </Space>
      ),
    },
    {
      key: 'description',
      title: 'Description',
      // The one column that takes what is left; long descriptions wrap instead of widening the table.
      render: (_, dataType) => dataType.description ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      key: 'targetTable',
      title: 'Target table',
      width: 150,
      sorter: true,
      sortOrder: sortOrderOf('targetTable'),
      render: (_, dataType) => displayTableName(dataType.targetTable),
    },
    {
      key: 'columns',
      title: 'Expected columns',
      width: 280,
      render: (_, dataType) => (
        <Typography.Paragraph
          ellipsis={{ rows: 2, tooltip: dataType.columns.map((column) => column.name).join(', ') }}
          style={{ margin: 0 }}
        >
          {dataType.columns.map((column) => column.name).join(', ')}
        </Typography.Paragraph>
      ),
    },
    { key: 'delimiter', title: 'Delimiter', width: 130, render: (_, dataType) => DELIMITER_LABELS[dataType.delimiter] },
    {
      key: 'periodBased',
      title: 'Period-based',
      width: 120,
      render: (_, dataType) => (dataType.periodBased ? 'Yes' : 'No'),
    },
    {
      key: 'actions',
      title: 'Actions',
      width: 110,
      // Always in view: on narrow screens the table scrolls under it.
      fixed: 'right',
      render: (_, dataType) => (
        <Space>
          <Button icon={<EditOutlined />} aria-label={`Edit ${dataType.name}`} onClick={() => setTarget(dataType)} />
          {!dataType.isStandard && (
            <Popconfirm
              title="Are you sure you want to delete this record?"
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => onDelete(dataType)}
            >
              <Button danger icon={<DeleteOutlined />} aria-label={`Delete ${dataType.name}`} />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const onTableChange: TableProps<DataType>['onChange'] = (pagination, _filters, sorter) =>
    setQuery(nextTableQuery(query, SORTABLE, 'name', pagination, sorter));

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={2}>Data Type Master</Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget('new')} disabled={!ready}>
          Add Data Type
        </Button>
      </Flex>
      {isAdmin && (
        <AdminOrganizationPicker
          value={pickedOrganization}
          onChange={(id) => {
            setPickedOrganization(id);
            setQuery(INITIAL_QUERY);
          }}
        />
      )}
      {isAdmin && !pickedOrganization ? (
        <Result status="info" title={dataTypeMessages.organizationRequired} />
      ) : (
        <>
          <FilterDataTypes key={organizationId ?? 'own'} onApply={applyFilters} />
          {dataTypes.error && (
            <Alert type="error" role="alert" showIcon title={dataTypes.error.message} style={{ marginBottom: 16 }} />
          )}
          <Table<DataType>
            rowKey="id"
            columns={columns}
            dataSource={dataTypes.data?.dataTypes ?? []}
            loading={dataTypes.isFetching}
            onChange={onTableChange}
            // Fits the 1392 px a 1440 px screen leaves; narrower screens scroll inside the table.
            tableLayout="fixed"
            scroll={{ x: 1250 }}
            pagination={{
              current: query.page,
              pageSize: query.pageSize,
              total: dataTypes.data?.pagination.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => `${total} data type${total === 1 ? '' : 's'}`,
            }}
            locale={{ emptyText: <Empty description="No data types match these filters" /> }}
          />
        </>
      )}
      {organizationId && (
        <DataTypeFormModal organizationId={organizationId} target={target} onClose={() => setTarget(undefined)} />
      )}
    </>
  );
}
