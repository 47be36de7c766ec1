import { createHash } from 'node:crypto';
import type { DataType } from '@finboard/shared/data-types';

/**
 * What a file's check depended on: the data type's target, delimiter and expected columns (names, types,
 * formats, whether required). A file checked as copy-ready under one fingerprint is COPYd as it is only while
 * its data type still has it; after a change, a run reads and checks it again.
 */
export function copyReadyFingerprint(
  dataType: Pick<DataType, 'targetTable' | 'delimiter' | 'periodBased' | 'columns'>,
): string {
  const { targetTable, delimiter, periodBased, columns } = dataType;
  const shape = {
    targetTable,
    delimiter,
    periodBased,
    columns: columns.map(({ name, type, required, format }) => [name, type, required, format ?? null]),
  };
  return createHash('sha256').update(JSON.stringify(shape)).digest('hex');
}
