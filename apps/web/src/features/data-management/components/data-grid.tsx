import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { AgGridReact } from 'ag-grid-react';
import {
  CellStyleModule,
  CheckboxEditorModule,
  ColumnApiModule,
  DateEditorModule,
  DateFilterModule,
  GridStateModule,
  InfiniteRowModelModule,
  ModuleRegistry,
  NumberEditorModule,
  NumberFilterModule,
  PaginationModule,
  PinnedRowModule,
  RowApiModule,
  RowSelectionModule,
  RowStyleModule,
  SelectEditorModule,
  TextEditorModule,
  TextFilterModule,
  TooltipModule,
  themeQuartz,
  type CellEditingStartedEvent,
  type CellFocusedEvent,
  type CellValueChangedEvent,
  type ColDef,
  type GridApi,
  type GridState,
  type IDatasource,
  type ValueFormatterParams,
  type ValueGetterParams,
} from 'ag-grid-community';
import type { DataColumn, DataFilter, DataRow } from '@finboard/shared/data-management';
import { pageStyleNonce } from '../../../lib/csp-style-nonce';
import { getTableData } from '../api/get-table-data';
import {
  accountWithName,
  choicesFor,
  columnKind,
  editorFor,
  FILTER_OPTIONS,
  filterFor,
  filtersFromGridModel,
  formatMoney,
  gridModelFromFilters,
  lastRowOf,
  pageOf,
  showsAccountName,
  widthOf,
} from '../grid-mapping';
import { viewKey, type GridPageView } from '../studio-url-state';
import { ColumnChooser } from './column-chooser';

// Only what the studio uses, so the page's chunk stays small (AllCommunityModule is ~2× the size).
ModuleRegistry.registerModules([
  InfiniteRowModelModule,
  ColumnApiModule,
  PaginationModule,
  GridStateModule,
  PinnedRowModule,
  RowSelectionModule,
  RowApiModule,
  RowStyleModule,
  TextFilterModule,
  NumberFilterModule,
  DateFilterModule,
  TextEditorModule,
  NumberEditorModule,
  DateEditorModule,
  CheckboxEditorModule,
  SelectEditorModule,
  CellStyleModule,
  TooltipModule,
]);

/** Rows per request: one AG Grid block is one API page, and one page of the grid's pager. */
export const GRID_PAGE_SIZE = 100;

/** Hidden until the column chooser shows them: the row identity means nothing to a reader. */
const HIDDEN_BY_DEFAULT = ['row_id'];

/** What the grid currently shows, for the CSV export of "the current filtered view". */
export interface GridView {
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  filters: DataFilter[];
}

export interface DataGridHandle {
  view(): GridView;
  refresh(): void;
}

interface DataGridProps {
  organizationId: string;
  table: string;
  columns: DataColumn[];
  readOnly: boolean;
  /** Filters from outside the grid (the period picker), AND-ed with the grid's own. */
  extraFilters: DataFilter[];
  /** The filters, sort and page to show (from the URL); changes the user makes come back through onViewChange. */
  view: GridPageView;
  onViewChange: (view: GridPageView) => void;
  /** Account code → name, for the account columns. */
  accountNames?: ReadonlyMap<string, string>;
  onSelect: (row: DataRow | undefined) => void;
  onLoaded: (result: { total: number; totalIsEstimate: boolean }) => void;
  onLoadFailed: (message: string) => void;
  onCellSave: (change: { rowId: string; column: string; value: unknown }) => Promise<DataRow | undefined>;
}

const toNumber = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : Number(value as string | number);

/** The stored value of a cell (decimal strings as stored, never a float). */
const rawOf = (params: ValueFormatterParams<DataRow>) => params.data?.[params.colDef.field ?? ''];

/** Nulls read as empty; raw decimal strings are shown as stored (no float rounding). */
const showRaw = (params: ValueFormatterParams<DataRow>) => {
  const raw = rawOf(params);
  return raw === null || raw === undefined ? '' : String(raw);
};

interface ColumnOptions {
  readOnly: boolean;
  table: string;
  hidden: ReadonlySet<string>;
  accountNames?: ReadonlyMap<string, string>;
}

function columnDef(column: DataColumn, options: ColumnOptions): ColDef<DataRow> {
  const kind = columnKind(column.type);
  const editor = editorFor(column, options.readOnly, options.table);
  const def: ColDef<DataRow> = {
    colId: column.name,
    field: column.name,
    headerName: column.label,
    // The database's own name, for whoever writes a filter, an upload or a query.
    headerTooltip: column.name,
    hide: options.hidden.has(column.name),
    sortable: true,
    filter: filterFor(column),
    filterParams: { filterOptions: FILTER_OPTIONS[kind], maxNumConditions: 1 },
    // The totals row is pinned below the rows and never edited.
    editable: editor ? (params) => !params.node.rowPinned : false,
    cellEditor: editor,
    cellDataType:
      kind === 'number' ? 'number' : kind === 'date' ? 'dateString' : kind === 'boolean' ? 'boolean' : 'text',
    ...widthOf(column),
  };
  // The stored words themselves: the list shows values as the cells do.
  if (editor === 'agSelectCellEditor')
    def.cellEditorParams = (params: { data?: DataRow }) => ({
      values: choicesFor(options.table, column.name, params.data),
    });
  if (kind === 'number') {
    // Numerics arrive as decimal strings; the editor and filter want numbers, the cell shows the stored text.
    def.valueGetter = (params: ValueGetterParams<DataRow>) =>
      params.node?.rowPinned ? (params.data?.[column.name] ?? null) : toNumber(params.data?.[column.name]);
    def.valueFormatter = column.money ? (params) => formatMoney(rawOf(params)) : showRaw;
    def.type = 'rightAligned';
  }
  if (showsAccountName(options.table, column.name)) {
    const names = options.accountNames;
    def.valueFormatter = (params) => (params.node?.rowPinned ? showRaw(params) : accountWithName(rawOf(params), names));
  }
  return def;
}

/** The grid's own filters, sort and page, as the URL keeps them. */
function viewOfGrid(api: GridApi<DataRow>): GridPageView {
  const sorted = api.getColumnState().find((column) => column.sort);
  return {
    filters: filtersFromGridModel(api.getFilterModel()),
    sortBy: sorted?.colId,
    sortOrder: sorted?.sort ?? undefined,
    page: api.paginationGetCurrentPage() + 1,
  };
}

/** The state a grid starts in: the URL's filters, sort and page. */
function initialStateOf(view: GridPageView, columns: DataColumn[]): GridState {
  return {
    filter: { filterModel: gridModelFromFilters(view.filters, columns) },
    sort: { sortModel: view.sortBy ? [{ colId: view.sortBy, sort: view.sortOrder ?? 'asc' }] : [] },
    pagination: { page: view.page - 1, pageSize: GRID_PAGE_SIZE },
  };
}

/** The warehouse grid: Infinite Row Model, one page at a time, sorted, filtered and totalled by the API. */
export const DataGrid = forwardRef<DataGridHandle, DataGridProps>(function DataGrid(props, ref) {
  const { organizationId, table, columns, readOnly, extraFilters, view } = props;
  const apiRef = useRef<GridApi<DataRow> | null>(null);
  const viewRef = useRef<GridView>({ filters: [] });
  const editSnapshot = useRef<DataRow | undefined>(undefined);
  // The latest callbacks, without recreating the datasource (which resets the grid).
  const callbacks = useRef(props);
  callbacks.current = props;

  // The view the grid shows, as last reported to (or taken from) the URL. A URL that differs from it was
  // changed from outside (Back, a link): the grid starts again from the URL (a new generation).
  const shownView = useRef(viewKey(view));
  const [generation, setGeneration] = useState(0);
  const [startView, setStartView] = useState(view);
  const settled = useRef(false);
  const pendingReport = useRef<number | undefined>(undefined);
  useEffect(() => {
    const key = viewKey(view);
    if (key === shownView.current) return;
    shownView.current = key;
    settled.current = false;
    setStartView(view);
    setGeneration((current) => current + 1);
  }, [view]);
  useEffect(() => () => window.clearTimeout(pendingReport.current), []);

  /** Filter, sort and page events come in bursts (a new filter also goes back to page 1): report the outcome once. */
  const reportView = () => {
    window.clearTimeout(pendingReport.current);
    pendingReport.current = window.setTimeout(() => {
      const api = apiRef.current;
      // Until the first page is in, the grid is still restoring the URL's state: nothing to report.
      if (!api || api.isDestroyed() || !settled.current) return;
      const current = viewOfGrid(api);
      const key = viewKey(current);
      if (key === shownView.current) return;
      shownView.current = key;
      callbacks.current.onViewChange(current);
    }, 0);
  };

  const hasMoney = columns.some((column) => column.money);
  const [totals, setTotals] = useState<Record<string, string>>();
  const totalsFor = useRef<string | undefined>(undefined);

  const [hidden, setHidden] = useState<ReadonlySet<string>>(
    () => new Set(HIDDEN_BY_DEFAULT.filter((name) => columns.some((column) => column.name === name))),
  );

  useImperativeHandle(ref, () => ({
    view: () => viewRef.current,
    refresh: () => {
      totalsFor.current = undefined;
      apiRef.current?.refreshInfiniteCache();
    },
  }));

  const { accountNames } = props;
  const columnDefs = useMemo(
    () => columns.map((column) => columnDef(column, { readOnly, table, hidden, accountNames })),
    [columns, readOnly, table, hidden, accountNames],
  );
  const hasRowId = columns.some((column) => column.name === 'row_id');

  // The totals row names itself in the first column shown that holds no money.
  const labelColumn = columns.find((column) => !hidden.has(column.name) && !column.money)?.name;
  const pinnedBottomRowData = useMemo<DataRow[] | undefined>(
    () => (totals ? [{ ...totals, ...(labelColumn && { [labelColumn]: 'Total' }) }] : undefined),
    [totals, labelColumn],
  );

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows: (params) => {
        const sort = params.sortModel[0];
        const filters = [...extraFilters, ...filtersFromGridModel(params.filterModel)];
        const current: GridView = { sortBy: sort?.colId, sortOrder: sort?.sort, filters };
        viewRef.current = current;
        // Totals cover the whole filter: asked once per filter, not for every page.
        const filtersKey = JSON.stringify(filters);
        const withTotals = hasMoney && totalsFor.current !== filtersKey;
        getTableData(organizationId, table, {
          page: pageOf(params.startRow, GRID_PAGE_SIZE),
          pageSize: GRID_PAGE_SIZE,
          ...current,
          totals: withTotals,
        }).then(
          (data) => {
            params.successCallback(
              data.rows,
              lastRowOf(
                params.startRow,
                data.rows.length,
                GRID_PAGE_SIZE,
                data.pagination.total,
                data.pagination.totalIsEstimate,
              ),
            );
            if (data.totals && JSON.stringify(viewRef.current.filters) === filtersKey) {
              totalsFor.current = filtersKey;
              setTotals(data.totals);
            }
            callbacks.current.onLoaded(data.pagination);
            settled.current = true;
          },
          (error: Error) => {
            params.failCallback();
            callbacks.current.onLoadFailed(error.message);
            settled.current = true;
          },
        );
      },
    }),
    [organizationId, table, extraFilters, hasMoney],
  );

  const onCellEditingStarted = (event: CellEditingStartedEvent<DataRow>) => {
    editSnapshot.current = event.data ? { ...event.data } : undefined;
  };

  const onCellValueChanged = (event: CellValueChangedEvent<DataRow>) => {
    const before = editSnapshot.current;
    const column = event.colDef.field;
    if (!before || !column || !event.node || event.node.rowPinned) return;
    const node = event.node;
    const value = event.newValue === undefined || event.newValue === '' ? null : event.newValue;
    void callbacks.current.onCellSave({ rowId: String(before.row_id), column, value }).then(
      (updated) => {
        node.setData(updated ?? before);
        // An amount changed: the totals of the filter are read again with the page.
        if (columns.some((candidate) => candidate.name === column && candidate.money)) {
          totalsFor.current = undefined;
          apiRef.current?.refreshInfiniteCache();
        }
      },
      () => {
        node.setData(before);
        // And what the server holds, read again: the refused value must not survive anywhere in the grid.
        apiRef.current?.refreshInfiniteCache();
      },
    );
  };

  const onCellFocused = (event: CellFocusedEvent<DataRow>) => {
    // Keyboard users select a row by moving to it: Delete and History act on the focused row.
    if (event.rowIndex === null || event.rowIndex === undefined || event.rowPinned) return;
    event.api.getDisplayedRowAtIndex(event.rowIndex)?.setSelected(true, true);
  };

  return (
    <>
      <ColumnChooser
        columns={columns}
        hidden={hidden}
        onChange={(next) => setHidden(next)}
        style={{ float: 'right', marginBottom: 8 }}
      />
      <div style={{ height: 600, width: '100%', clear: 'both' }} data-testid="data-grid">
        <AgGridReact<DataRow>
          key={generation}
          theme={themeQuartz}
          styleNonce={pageStyleNonce()}
          columnDefs={columnDefs}
          defaultColDef={{ resizable: true }}
          initialState={initialStateOf(startView, columns)}
          rowModelType="infinite"
          datasource={datasource}
          cacheBlockSize={GRID_PAGE_SIZE}
          maxBlocksInCache={20}
          // A link to page n: the grid starts with room for n pages, so it asks for that page's block directly.
          infiniteInitialRowCount={(startView.page - 1) * GRID_PAGE_SIZE + 1}
          pagination
          paginationPageSize={GRID_PAGE_SIZE}
          paginationPageSizeSelector={false}
          pinnedBottomRowData={pinnedBottomRowData}
          getRowStyle={(params) => (params.node.rowPinned ? { fontWeight: 600 } : undefined)}
          tooltipShowDelay={300}
          getRowId={hasRowId ? (params) => String(params.data.row_id ?? 'totals') : undefined}
          rowSelection={{ mode: 'singleRow', checkboxes: false, enableClickSelection: true }}
          onSelectionChanged={(event) => callbacks.current.onSelect(event.api.getSelectedRows()[0])}
          onCellFocused={onCellFocused}
          onCellEditingStarted={onCellEditingStarted}
          onCellValueChanged={onCellValueChanged}
          onFilterChanged={reportView}
          onSortChanged={reportView}
          onPaginationChanged={reportView}
          singleClickEdit={false}
          stopEditingWhenCellsLoseFocus
          onGridReady={(event) => {
            apiRef.current = event.api;
          }}
        />
      </div>
    </>
  );
});
