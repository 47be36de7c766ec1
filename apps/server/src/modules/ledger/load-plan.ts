import type { LoadMode } from '@finboard/shared/pipelines';
import type { WarehouseTable } from '@finboard/shared/warehouse';
import type { TableRules } from './table-rules.ts';

/**
 * The ledger engine's rules that need no database: which load mode applies, what a load replaces and how
 * that is named, which key column a load lacks. Unit tested in load-plan.unit.test.ts.
 */

const GL: WarehouseTable = '02_GL_Detail';

/** What of a load's files these rules read. */
interface PlannedFile {
  /** An earlier file whose rows this one replaces. */
  replacesFileId?: string | null;
  /** Its upload asked to replace the whole periods it covers. */
  replacePeriods?: boolean;
}

/**
 * Whole periods are replaced only when asked — by the run (`mode`) or by a file's upload — and only by a
 * period-based type whose table has periods; every other load adds.
 */
export function loadModeOf(
  request: { mode?: LoadMode; periodBased: boolean; files: readonly PlannedFile[] },
  rules: Pick<TableRules, 'period'>,
): LoadMode {
  const asked = request.mode === 'replace-periods' || request.files.some((file) => file.replacePeriods);
  return asked && request.periodBased && rules.period ? 'replace-periods' : 'add';
}

/** The earlier files a load replaces: those its files' uploads name, each once, in the files' order. */
export function replacedFileIdsOf(files: readonly PlannedFile[]): string[] {
  return [...new Set(files.flatMap((file) => (file.replacesFileId ? [file.replacesFileId] : [])))];
}

/**
 * What a load replaces, as its refusals name it: 'period 2026-11', 'periods 2026-10, 2026-11',
 * 'gl_2026-11.csv', joined by 'and'; 'the ledger' when it replaces nothing in particular.
 */
export function nameReplaced(replaced: {
  mode: LoadMode;
  periods: readonly string[];
  /** The names of the replaced files (distinct, sorted). */
  fileNames: readonly string[];
}): string {
  const parts: string[] = [];
  if (replaced.mode === 'replace-periods' && replaced.periods.length > 0)
    parts.push(`${replaced.periods.length === 1 ? 'period' : 'periods'} ${replaced.periods.join(', ')}`);
  parts.push(...replaced.fileNames);
  return parts.join(' and ') || 'the ledger';
}

/**
 * The first key column a load cannot do without, if the files lack it: the table's natural key (a GL
 * line's source is the load's), and the period of a period-based type or of GL lines. A GL line's period
 * and line number may be derived (`derivable`), its journal never.
 */
export function missingKeyColumnOf(
  table: WarehouseTable,
  rules: Pick<TableRules, 'key' | 'period'>,
  request: { periodBased: boolean; fileColumns: readonly string[]; derivable?: readonly string[] },
): string | undefined {
  const isGl = table === GL;
  const { fileColumns, derivable = [] } = request;
  const required = rules.key.filter((column) => !(isGl && column === 'source'));
  if ((request.periodBased || isGl) && rules.period && !required.includes(rules.period)) required.push(rules.period);
  const available = (column: string) =>
    fileColumns.includes(column) || (isGl && column !== 'journal_id' && derivable.includes(column));
  return required.find((column) => !available(column));
}
