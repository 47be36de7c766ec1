import { forwardRef, useImperativeHandle, useMemo, useRef } from 'react';
import { AgGridReact } from 'ag-grid-react';
import {
  CellStyleModule,
  CheckboxEditorModule,
  DateEditorModule,
  DateFilterModule,
  InfiniteRowModelModule,
  ModuleRegistry,
  NumberEditorModule,
  NumberFilterModule,
  RowApiModule,
  RowSelectionModule,
  TextEditorModule,
  TextFilterModule,
  themeQuartz,
  type CellEditingStartedEvent,
  type CellFocusedEvent,
  type CellValueChangedEvent,
  type ColDef,
  type GridApi,
  type IDatasource,
  type ValueFormatterParams,
  type ValueGetterParams,
} from 'ag-grid-community';
import type { DataColumn, DataFilter, DataRow } from '@finboard/shared/data-management';
import { pageStyleNonce } from '../../../lib/csp-style-nonce';
import { getTableData } from '../api/get-table-data';
import {
  columnKind,
  editorFor,
  FILTER_OPTIONS,
  filterFor,
  filtersFromGridModel,
  lastRowOf,
  pageOf,
  type ColumnKind,
} from '../grid-mapping';

// Only what the studio uses, so the page's chunk stays small (AllCommunityModule is ~2× the size).
ModuleRegistry.registerModules([
  InfiniteRowModelModule,
  RowSelectionModule,
  RowApiModule,
  TextFilterModule,
  NumberFilterModule,
  DateFilterModule,
  TextEditorModule,
  NumberEditorModule,
  DateEditorModule,
  CheckboxEditorModule,
  CellStyleModule,
]);

/** Rows per request: one AG Grid block is one API page. */
export const GRID_PAGE_SIZE = 100;

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
  onSelect: (row: DataRow | undefined) => void;
  onLoaded: (result: { total: number; totalIsEstimate: boolean }) => void;
  onLoadFailed: (message: string) => void;
  onCellSave: (change: { rowId: string; column: string; value: unknown }) => Promise<DataRow | undefined>;
}

const toNumber = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : Number(value as string | number);

/** Nulls read as empty; raw decimal strings are shown as stored (no float rounding). */
const showRaw = (params: ValueFormatterParams<DataRow>) => {
  const raw = params.data?.[params.colDef.field ?? ''];
  return raw === null || raw === undefined ? '' : String(raw);
};

const MIN_WIDTHS: Record<ColumnKind, number> = { text: 150, number: 120, date: 140, boolean: 110 };

function columnDef(column: DataColumn, readOnly: boolean): ColDef<DataRow> {
  const kind = columnKind(column.type);
  const editor = editorFor(column, readOnly);
  const def: ColDef<DataRow> = {
    field: column.name,
    headerName: column.name,
    sortable: true,
    filter: filterFor(column),
    filterParams: { filterOptions: FILTER_OPTIONS[kind], maxNumConditions: 1 },
    editable: Boolean(editor),
    cellEditor: editor,
    cellDataType:
      kind === 'number' ? 'number' : kind === 'date' ? 'dateString' : kind === 'boolean' ? 'boolean' : 'text',
    minWidth: MIN_WIDTHS[kind],
  };
  if (kind === 'number') {
    // Numerics arrive as decimal strings; the editor and filter want numbers, the cell shows the stored text.
    def.valueGetter = (params: ValueGetterParams<DataRow>) => toNumber(params.data?.[column.name]);
    def.valueFormatter = showRaw;
    def.type = 'rightAligned';
  }
  if (column.name === 'row_id') def.pinned = 'left';
  return def;
}

/** The warehouse grid: Infinite Row Model, paged, sorted and filtered by the API. */
export const DataGrid = forwardRef<DataGridHandle, DataGridProps>(function DataGrid(props, ref) {
  const { organizationId, table, columns, readOnly, extraFilters } = props;
  const apiRef = useRef<GridApi<DataRow> | null>(null);
  const viewRef = useRef<GridView>({ filters: [] });
  const editSnapshot = useRef<DataRow | undefined>(undefined);
  // The latest callbacks, without recreating the datasource (which resets the grid).
  const callbacks = useRef(props);
  callbacks.current = props;

  useImperativeHandle(ref, () => ({
    view: () => viewRef.current,
    refresh: () => apiRef.current?.refreshInfiniteCache(),
  }));

  const columnDefs = useMemo(() => columns.map((column) => columnDef(column, readOnly)), [columns, readOnly]);
  const hasRowId = columns.some((column) => column.name === 'row_id');

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows: (params) => {
        const sort = params.sortModel[0];
        const view: GridView = {
          sortBy: sort?.colId,
          sortOrder: sort?.sort,
          filters: [...extraFilters, ...filtersFromGridModel(params.filterModel)],
        };
        viewRef.current = view;
        getTableData(organizationId, table, {
          page: pageOf(params.startRow, GRID_PAGE_SIZE),
          pageSize: GRID_PAGE_SIZE,
          ...view,
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
            if (params.startRow === 0) {
              callbacks.current.onLoaded(data.pagination);
            }
          },
          (error: Error) => {
            params.failCallback();
            callbacks.current.onLoadFailed(error.message);
          },
        );
      },
    }),
    [organizationId, table, extraFilters],
  );

  const onCellEditingStarted = (event: CellEditingStartedEvent<DataRow>) => {
    editSnapshot.current = event.data ? { ...event.data } : undefined;
  };

  const onCellValueChanged = (event: CellValueChangedEvent<DataRow>) => {
    const before = editSnapshot.current;
    const column = event.colDef.field;
    if (!before || !column || !event.node) return;
    const node = event.node;
    const value = event.newValue === undefined || event.newValue === '' ? null : event.newValue;
    void callbacks.current.onCellSave({ rowId: String(before.row_id), column, value }).then(
      (updated) => node.setData(updated ?? before),
      () => node.setData(before),
    );
  };

  const onCellFocused = (event: CellFocusedEvent<DataRow>) => {
    // Keyboard users select a row by moving to it: Delete and History act on the focused row.
    if (event.rowIndex === null || event.rowIndex === undefined) return;
    event.api.getDisplayedRowAtIndex(event.rowIndex)?.setSelected(true, true);
  };

  return (
    <div style={{ height: 560, width: '100%' }} data-testid="data-grid">
      <AgGridReact<DataRow>
        theme={themeQuartz}
        styleNonce={pageStyleNonce()}
        columnDefs={columnDefs}
        defaultColDef={{ resizable: true, flex: 1 }}
        rowModelType="infinite"
        datasource={datasource}
        cacheBlockSize={GRID_PAGE_SIZE}
        maxBlocksInCache={20}
        infiniteInitialRowCount={1}
        getRowId={hasRowId ? (params) => String(params.data.row_id) : undefined}
        rowSelection={{ mode: 'singleRow', checkboxes: false, enableClickSelection: true }}
        onSelectionChanged={(event) => callbacks.current.onSelect(event.api.getSelectedRows()[0])}
        onCellFocused={onCellFocused}
        onCellEditingStarted={onCellEditingStarted}
        onCellValueChanged={onCellValueChanged}
        singleClickEdit={false}
        stopEditingWhenCellsLoseFocus
        onGridReady={(event) => {
          apiRef.current = event.api;
        }}
      />
    </div>
  );
});
