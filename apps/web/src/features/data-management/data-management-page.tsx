import { useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Empty, Flex, Popconfirm, Result, Select, Space, Spin, Tag, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, HistoryOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { dataManagementMessages, type DataFilter, type DataRow } from '@finboard/shared/data-management';
import { useCurrentUser } from '../../lib/current-user';
import { useTables } from './api/get-tables';
import { useTableColumns } from './api/get-table-data';
import { usePeriods } from './api/get-periods';
import { useUpdateRecord } from './api/update-record';
import { useDeleteRecord } from './api/delete-record';
import { exportTable } from './api/export-table';
import { AddRecordModal } from './components/add-record-modal';
import { DataGrid, type DataGridHandle } from './components/data-grid';
import { ButtonLink } from '../../components/button-link';
import { OrganizationSelect } from '../../components/organization-select';
import { useOrganizationParam } from '../../lib/organization-link';
import { RecordHistoryDrawer } from './components/record-history-drawer';
import { messages } from '@finboard/shared/messages';

const NO_FILTERS: DataFilter[] = [];

function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Data Management Studio (issue 4): browse and correct the organization's warehouse tables in a grid
 * that pages, sorts and filters on the server. Users see their own organization; admins pick one.
 */
export default function DataManagementPage() {
  const { message } = App.useApp();
  const user = useCurrentUser().data;
  const isAdmin = user?.role === 'admin';
  // Opened from an Organization Profile with ?organization=<id>: that organization starts picked.
  const [pickedOrganization, setPickedOrganization] = useState<string | undefined>(useOrganizationParam());
  const organizationId = isAdmin ? pickedOrganization : (user?.organization_id ?? undefined);
  const [table, setTable] = useState<string>();
  const [period, setPeriod] = useState<string>();
  const [selected, setSelected] = useState<DataRow>();
  const [loaded, setLoaded] = useState<{ total: number; totalIsEstimate: boolean }>();
  const [loadError, setLoadError] = useState<string>();
  const [adding, setAdding] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [historyOf, setHistoryOf] = useState<{ organizationId: string; table: string; rowId: string }>();
  const grid = useRef<DataGridHandle>(null);

  const tables = useTables(organizationId);
  const columns = useTableColumns(organizationId, table);
  const periods = usePeriods(organizationId);
  const update = useUpdateRecord();
  const remove = useDeleteRecord();

  const isView = Boolean(table && tables.data?.views.some((view) => view.name === table));
  const displayName =
    [...(tables.data?.tables ?? []), ...(tables.data?.views ?? [])].find((entry) => entry.name === table)
      ?.displayName ?? '';
  const hasPeriod = Boolean(columns.data?.some((column) => column.name === 'period'));
  const hasRowId = Boolean(columns.data?.some((column) => column.name === 'row_id'));
  const periodFilter = hasPeriod && period ? period : undefined;
  const extraFilters = useMemo<DataFilter[]>(
    () => (periodFilter ? [{ column: 'period', op: 'eq', value: periodFilter }] : NO_FILTERS),
    [periodFilter],
  );

  const pickTable = (name: string | undefined) => {
    setTable(name);
    setSelected(undefined);
    setLoaded(undefined);
    setLoadError(undefined);
  };
  const pickOrganization = (id: string | undefined) => {
    setPickedOrganization(id);
    setPeriod(undefined);
    pickTable(undefined);
  };

  const saveCell = async (change: { rowId: string; column: string; value: unknown }) => {
    if (!organizationId || !table) return undefined;
    try {
      const response = await update.mutateAsync({
        organizationId,
        table,
        rowId: change.rowId,
        body: { [change.column]: change.value },
      });
      void message.success(response.message);
      return response.data.updateddata;
    } catch (error) {
      void message.error(error instanceof Error ? error.message : dataManagementMessages.updateFailed);
      throw error;
    }
  };

  const deleteSelected = () => {
    if (!organizationId || !table || !selected) return;
    remove.mutate(
      { organizationId, table, rowId: String(selected.row_id) },
      {
        onSuccess: (response) => {
          void message.success(response.message);
          setSelected(undefined);
          grid.current?.refresh();
        },
        onError: (error) => void message.error(error.message),
      },
    );
  };

  const exportCsv = async () => {
    if (!organizationId || !table) return;
    setExporting(true);
    try {
      download(await exportTable(organizationId, table, grid.current?.view() ?? { filters: [] }), `${displayName}.csv`);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : dataManagementMessages.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  const tableOptions = [
    {
      label: 'Tables',
      options: (tables.data?.tables ?? []).map((entry) => ({ value: entry.name, label: entry.displayName })),
    },
    {
      label: 'Views (read-only)',
      options: (tables.data?.views ?? []).map((entry) => ({
        value: entry.name,
        label: `${entry.displayName} (read-only)`,
      })),
    },
  ];
  const rowChosen = Boolean(selected && hasRowId);

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={2}>Data Management Studio</Typography.Title>
        {/* The Data Type Master has no menu entry of its own (spec §2 menus): it is reached from here. */}
        <ButtonLink to="/datatypemaster" icon={<TagsOutlined />}>
          Data Type Master
        </ButtonLink>
      </Flex>
      <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        {isAdmin && (
          <Space>
            <Typography.Text>Organization</Typography.Text>
            <OrganizationSelect
              aria-label="Organization"
              allowClear
              style={{ width: 320 }}
              value={pickedOrganization}
              onChange={pickOrganization}
            />
          </Space>
        )}
        <Space>
          <Typography.Text>Table</Typography.Text>
          <Select
            aria-label="Table"
            placeholder="Select a table or view"
            style={{ width: 260 }}
            value={table}
            onChange={pickTable}
            disabled={!organizationId}
            loading={tables.isFetching}
            options={tableOptions}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Space>
        <Space>
          <Typography.Text>Period</Typography.Text>
          <Select
            aria-label="Period"
            placeholder={hasPeriod || !table ? 'All periods' : 'No period column'}
            style={{ width: 160 }}
            value={periodFilter}
            onChange={(value?: string) => setPeriod(value)}
            allowClear
            disabled={!organizationId || (Boolean(table) && !hasPeriod)}
            loading={periods.isFetching}
            options={(periods.data ?? []).map((value) => ({ value, label: value }))}
            showSearch
          />
        </Space>
      </Flex>

      {isAdmin && !organizationId ? (
        <Result status="info" title={messages.selectOrganization} />
      ) : (
        <>
          {tables.error && <Alert type="error" role="alert" showIcon title={tables.error.message} />}
          {periods.error && (
            <Alert type="warning" role="alert" showIcon title={periods.error.message} style={{ marginBottom: 12 }} />
          )}
          {tables.data && tables.data.tables.length + tables.data.views.length === 0 && (
            <Empty description="This organization has no tables yet" />
          )}
          {!table && tables.data && tables.data.tables.length > 0 && (
            <Empty description="Select a table or view to see its records" />
          )}
          {table && (
            <>
              <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
                <Space>
                  <Typography.Title level={4} style={{ margin: 0 }}>
                    {displayName}
                  </Typography.Title>
                  {isView && <Tag>Read-only view</Tag>}
                  {loaded && (
                    <Typography.Text type="secondary">
                      {loaded.totalIsEstimate ? 'about ' : ''}
                      {loaded.total.toLocaleString()} record{loaded.total === 1 ? '' : 's'}
                    </Typography.Text>
                  )}
                </Space>
                <Space wrap>
                  {!isView && (
                    <>
                      <Button
                        type="primary"
                        icon={<PlusOutlined />}
                        onClick={() => setAdding(true)}
                        disabled={!columns.data}
                      >
                        Add Record
                      </Button>
                      <Popconfirm
                        title={dataManagementMessages.deleteConfirm}
                        okText="Delete"
                        okButtonProps={{ danger: true }}
                        onConfirm={deleteSelected}
                        disabled={!rowChosen}
                      >
                        <Button danger icon={<DeleteOutlined />} disabled={!rowChosen} loading={remove.isPending}>
                          Delete
                        </Button>
                      </Popconfirm>
                      <Button
                        icon={<HistoryOutlined />}
                        disabled={!rowChosen}
                        onClick={() =>
                          organizationId &&
                          selected &&
                          setHistoryOf({ organizationId, table, rowId: String(selected.row_id) })
                        }
                      >
                        History
                      </Button>
                    </>
                  )}
                  <Button icon={<DownloadOutlined />} onClick={() => void exportCsv()} loading={exporting}>
                    Export CSV
                  </Button>
                </Space>
              </Flex>
              {(columns.error || loadError) && (
                <Alert
                  type="error"
                  role="alert"
                  showIcon
                  title={columns.error?.message ?? loadError}
                  style={{ marginBottom: 12 }}
                />
              )}
              {loaded?.total === 0 && !loadError && (
                <Typography.Paragraph type="secondary">No records match these filters.</Typography.Paragraph>
              )}
              {columns.isLoading && <Spin />}
              {organizationId && columns.data && (
                <DataGrid
                  key={`${organizationId}:${table}`}
                  ref={grid}
                  organizationId={organizationId}
                  table={table}
                  columns={columns.data}
                  readOnly={isView}
                  extraFilters={extraFilters}
                  onSelect={setSelected}
                  onLoaded={(result) => {
                    setLoaded(result);
                    setLoadError(undefined);
                  }}
                  onLoadFailed={setLoadError}
                  onCellSave={saveCell}
                />
              )}
            </>
          )}
        </>
      )}
      {organizationId && table && columns.data && (
        <AddRecordModal
          organizationId={organizationId}
          table={table}
          displayName={displayName}
          columns={columns.data}
          open={adding}
          onClose={() => setAdding(false)}
          onCreated={() => grid.current?.refresh()}
        />
      )}
      <RecordHistoryDrawer target={historyOf} onClose={() => setHistoryOf(undefined)} />
    </>
  );
}
