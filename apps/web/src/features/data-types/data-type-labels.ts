import { COLUMN_TYPE_LABELS, COLUMN_TYPES, DELIMITER_LABELS, DELIMITERS } from '@finboard/shared/data-types';
import { displayTableName, WAREHOUSE_TABLES } from '@finboard/shared/warehouse';

/** Warehouse tables as people read them: without the numeric prefix (spec §5). */
export const targetTableOptions = WAREHOUSE_TABLES.map((table) => ({ value: table, label: displayTableName(table) }));
export const delimiterOptions = DELIMITERS.map((delimiter) => ({
  value: delimiter,
  label: DELIMITER_LABELS[delimiter],
}));
export const columnTypeOptions = COLUMN_TYPES.map((type) => ({ value: type, label: COLUMN_TYPE_LABELS[type] }));
