import { Empty, Table, Tag, Typography, type TableProps } from 'antd';
import dayjs from 'dayjs';
import type { UploadedFile } from '@finboard/shared/uploads';
import { nextTableQuery, sortOrderOf as sortOrderOfColumn } from '../../../lib/table-query';
import type { UploadedFileListQuery } from '../api/get-uploaded-files';
import { STATUS_TAGS } from '../uploaded-file-status';
import { formatBytes } from '../upload-progress';

/** Table columns the API can sort by, keyed by column. */
const SORTABLE: Record<string, UploadedFileListQuery['sortBy']> = {
  name: 'name',
  status: 'status',
  rows: 'rows',
  size: 'size',
  uploadedAt: 'uploadedAt',
};

const none = <Typography.Text type="secondary">—</Typography.Text>;

/** The organization's uploaded files, one page at a time, sorted on the server. */
export function UploadedFilesTable(props: {
  files: UploadedFile[];
  total: number;
  loading: boolean;
  /** Filters are applied: an empty page then says so rather than "nothing uploaded". */
  filtered: boolean;
  query: UploadedFileListQuery;
  onQueryChange: (query: UploadedFileListQuery) => void;
}) {
  const { query } = props;
  const sortOrderOf = (key: string) => sortOrderOfColumn(SORTABLE, query, key);
  const columns: TableProps<UploadedFile>['columns'] = [
    {
      key: 'name',
      title: 'File',
      width: 240,
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (_, file) => <Typography.Text strong>{file.name}</Typography.Text>,
    },
    { key: 'dataType', title: 'Data type', width: 150, render: (_, file) => file.dataTypeName },
    { key: 'period', title: 'Period', width: 100, render: (_, file) => file.period ?? none },
    {
      key: 'status',
      title: 'Status',
      width: 120,
      sorter: true,
      sortOrder: sortOrderOf('status'),
      render: (_, file) => <Tag color={STATUS_TAGS[file.status].color}>{STATUS_TAGS[file.status].label}</Tag>,
    },
    {
      key: 'location',
      title: 'Location',
      width: 200,
      // The organization's container and folder (incoming → processed or rejected); none in platform storage.
      render: (_, file) => (file.location ? <Typography.Text code>{file.location}</Typography.Text> : none),
    },
    {
      key: 'rows',
      title: 'Rows',
      width: 100,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf('rows'),
      render: (_, file) => (file.rows === null ? none : file.rows.toLocaleString('en-US')),
    },
    {
      key: 'size',
      title: 'Size',
      width: 100,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf('size'),
      render: (_, file) => formatBytes(file.size),
    },
    { key: 'uploadedBy', title: 'Uploaded by', width: 160, render: (_, file) => file.uploadedBy ?? none },
    {
      key: 'uploadedAt',
      title: 'Uploaded at',
      width: 160,
      sorter: true,
      sortOrder: sortOrderOf('uploadedAt'),
      render: (_, file) => dayjs(file.uploadedAt).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'error',
      title: 'Error',
      // The one column that takes what is left; a long reason wraps instead of widening the table.
      render: (_, file) =>
        file.error ? (
          <Typography.Paragraph type="danger" ellipsis={{ rows: 3, tooltip: file.error }} style={{ margin: 0 }}>
            {file.error}
          </Typography.Paragraph>
        ) : null,
    },
  ];

  const onChange: TableProps<UploadedFile>['onChange'] = (pagination, _filters, sorter) =>
    props.onQueryChange(nextTableQuery(query, SORTABLE, 'uploadedAt', pagination, sorter));

  return (
    <Table<UploadedFile>
      rowKey="id"
      aria-label="Uploaded files"
      columns={columns}
      dataSource={props.files}
      loading={props.loading}
      onChange={onChange}
      tableLayout="fixed"
      scroll={{ x: 1500 }}
      pagination={{
        current: query.page,
        pageSize: query.pageSize,
        total: props.total,
        showSizeChanger: true,
        showTotal: (total) => `${total} file${total === 1 ? '' : 's'}`,
      }}
      locale={{
        emptyText: <Empty description={props.filtered ? 'No files match these filters' : 'No files uploaded yet'} />,
      }}
    />
  );
}
