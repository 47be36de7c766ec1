import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { Alert, App, Button, Empty, Flex, Popconfirm, Result, Select, Space, Spin, Tag, Typography } from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  HistoryOutlined,
  PlusOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import { dataManagementMessages, type DataFilter, type DataRow } from '@finboard/shared/data-management';
import { useCurrentUser } from '../../lib/current-user';
import { dataManagementQueryKey, useTables } from './api/get-tables';
import { useTableColumns } from './api/get-table-data';
import { usePeriods } from './api/get-periods';
import { useAccounts } from './api/get-accounts';
import { useUpdateRecord } from './api/update-record';
import { useDeleteRecord } from './api/delete-record';
import { exportTable } from './api/export-table';
import { AddRecordModal } from './components/add-record-modal';
import { DataGrid, type DataGridHandle } from './components/data-grid';
import { ButtonLink } from '../../components/button-link';
import { OrganizationSelect } from '../../components/organization-select';
import { RecordHistoryDrawer } from './components/record-history-drawer';
import { messages } from '@finboard/shared/messages';
import { journalMessages, type JournalSource } from '@finboard/shared/journals';
import { useDeleteJournal } from './api/delete-journal';
import { JournalEditor, type JournalEditorTarget } from './components/journal-editor';
import { ReconciliationView } from './components/reconciliation-view';
import { saveFile } from '../../lib/save-file';

/** The table selector's entry for the trial balance check (a reserved name, never a table). */
const RECONCILIATION = 'reconciliation';
/** Lines of this table are edited, added and deleted as journals. */
const LEDGER_TABLE = '02_GL_Detail';
import { searchOfStudioState, studioStateFromSearch, type GridPageView, type StudioUrlState } from './studio-url-state';

const NO_FILTERS: DataFilter[] = [];

/** What the Studio offers actions the app shell adds to its toolbar (features never import each other). */
export interface StudioToolbarContext {
  organizationId: string | undefined;
  /** A table was just created: the table list is read again and the Studio switches to it. */
  showNewTable: (name: string) => void;
}

/**
 * Data Management Studio (issue 4): browse and correct the organization's warehouse tables in a grid
 * that pages, sorts and filters on the server. Users see their own organization; admins pick one.
 */
export default function DataManagementPage({
  toolbarActions,
}: {
  /** Buttons of other features (Import Flat File), composed by the app shell. */
  toolbarActions?: (context: StudioToolbarContext) => ReactNode;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const user = useCurrentUser().data;
  const isAdmin = user?.role === 'admin';
  // The table, period, filters, sort and page live in the URL: reload, Back and a shared link keep them.
  const [searchParams, setSearchParams] = useSearchParams();
  const urlState = useMemo(() => studioStateFromSearch(searchParams), [searchParams]);
  // A click in the navigation loads the next page's code before the location changes, with the Studio still
  // shown; a grid event writing the URL then would start a navigation of its own and cancel the user's.
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const leaving = navigation.state !== 'idle' && navigation.location.pathname !== pathname;
  const show = (next: StudioUrlState) => {
    if (!leaving) setSearchParams(searchOfStudioState(next));
  };
  const pickedOrganization = isAdmin ? urlState.organization : undefined;
  const organizationId = isAdmin ? pickedOrganization : (user?.organization_id ?? undefined);
  const { table, period } = urlState;
  const gridView = useMemo<GridPageView>(
    () => ({ filters: urlState.filters, sortBy: urlState.sortBy, sortOrder: urlState.sortOrder, page: urlState.page }),
    [urlState],
  );
  const [selected, setSelected] = useState<DataRow>();
  // What the grid last loaded, for the table it loaded it for.
  const [loadedFor, setLoaded] = useState<{ table: string; total: number; totalIsEstimate: boolean }>();
  const loaded = loadedFor?.table === table ? loadedFor : undefined;
  const [loadErrorFor, setLoadError] = useState<{ table: string; message: string }>();
  const loadError = loadErrorFor && loadErrorFor.table === table ? loadErrorFor.message : undefined;
  const [adding, setAdding] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [historyOf, setHistoryOf] = useState<{ organizationId: string; table: string; rowId: string }>();
  const [journalTarget, setJournalTarget] = useState<JournalEditorTarget>();
  const grid = useRef<DataGridHandle>(null);

  const tables = useTables(organizationId);
  const isReconciliation = table === RECONCILIATION;
  const isLedger = table === LEDGER_TABLE;
  const columns = useTableColumns(organizationId, isReconciliation ? undefined : table);
  const periods = usePeriods(organizationId);
  const accounts = useAccounts(organizationId);
  const accountNames = useMemo(
    () => new Map((accounts.data ?? []).map((account) => [account.code, account.name])),
    [accounts.data],
  );
  const update = useUpdateRecord();
  const remove = useDeleteRecord();
  const removeJournal = useDeleteJournal();

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

  const fresh = { filters: [], page: 1 } satisfies GridPageView;
  // Another table starts unfiltered and unsorted on its first page; the period stays (it reads the same everywhere).
  const pickTable = (name: string | undefined) => {
    setSelected(undefined);
    show({ organization: pickedOrganization, table: name, period, ...fresh });
  };
  // A replaced table keeps its name: the grid is built again for its new columns and rows.
  const [importedTables, setImportedTables] = useState(0);
  const showNewTable = (name: string) => {
    if (organizationId) void queryClient.invalidateQueries({ queryKey: dataManagementQueryKey(organizationId) });
    setImportedTables((count) => count + 1);
    pickTable(name);
  };
  const pickOrganization = (id: string | undefined) => {
    setSelected(undefined);
    show({ organization: id, ...fresh });
  };
  const pickPeriod = (value: string | undefined) => show({ ...urlState, period: value, page: 1 });
  const changeView = (view: GridPageView) => show({ ...urlState, ...view });
  const filtered = gridView.filters.length > 0 || Boolean(periodFilter);

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

  /** A ledger line is deleted with its whole journal, so the journal never goes out of balance. */
  const deleteSelectedJournal = () => {
    if (!organizationId || !selected) return;
    removeJournal.mutate(
      {
        organizationId,
        journalId: String(selected.journal_id),
        source: String(selected.source ?? 'manual') as JournalSource,
      },
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
      saveFile(await exportTable(organizationId, table, grid.current?.view() ?? { filters: [] }), `${displayName}.csv`);
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
    { label: 'Checks', options: [{ value: RECONCILIATION, label: 'Trial balance check' }] },
  ];
  const rowChosen = Boolean(selected && hasRowId);

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={2}>Data Management Studio</Typography.Title>
        <Space wrap>
          {toolbarActions?.({ organizationId, showNewTable })}
          {/* The Data Type Master has no menu entry of its own (spec §2 menus): it is reached from here. */}
          <ButtonLink to="/datatypemaster" icon={<TagsOutlined />}>
            Data Type Master
          </ButtonLink>
        </Space>
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
            onChange={(value?: string) => pickPeriod(value)}
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
          {isReconciliation && organizationId && <ReconciliationView organizationId={organizationId} />}
          {table && !isReconciliation && (
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
                        // A ledger line is added with the journal it balances: the journal editor, two lines.
                        onClick={() => (isLedger ? setJournalTarget({ new: true }) : setAdding(true))}
                        disabled={!columns.data}
                      >
                        Add Record
                      </Button>
                      {isLedger && (
                        <Button
                          icon={<EditOutlined />}
                          disabled={!rowChosen}
                          onClick={() =>
                            selected &&
                            setJournalTarget({
                              journalId: String(selected.journal_id),
                              source: String(selected.source ?? 'manual') as JournalSource,
                            })
                          }
                        >
                          Edit journal
                        </Button>
                      )}
                      <Popconfirm
                        title={
                          isLedger && selected
                            ? journalMessages.deleteJournalConfirm(String(selected.journal_id))
                            : dataManagementMessages.deleteConfirm
                        }
                        okText="Delete"
                        okButtonProps={{ danger: true }}
                        onConfirm={isLedger ? deleteSelectedJournal : deleteSelected}
                        disabled={!rowChosen}
                      >
                        <Button
                          danger
                          icon={<DeleteOutlined />}
                          disabled={!rowChosen}
                          loading={remove.isPending || removeJournal.isPending}
                        >
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
              {loaded?.total === 0 &&
                !loadError &&
                (filtered ? (
                  <Typography.Paragraph type="secondary">No records match these filters.</Typography.Paragraph>
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
                ))}
              {columns.isLoading && <Spin />}
              {organizationId && columns.data && (
                <DataGrid
                  key={`${organizationId}:${table}:${importedTables}`}
                  ref={grid}
                  organizationId={organizationId}
                  table={table}
                  columns={columns.data}
                  readOnly={isView}
                  extraFilters={extraFilters}
                  view={gridView}
                  onViewChange={changeView}
                  accountNames={accountNames}
                  onSelect={setSelected}
                  onLoaded={(result) => {
                    setLoaded({ table, ...result });
                    setLoadError(undefined);
                  }}
                  onLoadFailed={(failure) => setLoadError({ table, message: failure })}
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
          accounts={accounts.data ?? []}
          periods={periods.data ?? []}
          open={adding}
          onClose={() => setAdding(false)}
          onCreated={() => grid.current?.refresh()}
        />
      )}
      <RecordHistoryDrawer target={historyOf} onClose={() => setHistoryOf(undefined)} />
      {organizationId && (
        <JournalEditor
          organizationId={organizationId}
          target={journalTarget}
          accounts={accounts.data ?? []}
          onClose={() => setJournalTarget(undefined)}
          onSaved={() => grid.current?.refresh()}
        />
      )}
    </>
  );
}
