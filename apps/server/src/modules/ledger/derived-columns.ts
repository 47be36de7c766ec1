import type { QueryResult, QueryResultRow } from 'pg';
import { MAX_RUN_PROBLEMS, pipelineMessages, type PipelineProblem } from '@finboard/shared/pipelines';
import { qualifiedName } from '../../warehouse/identifiers.ts';

/**
 * Files as accountants export them: GL lines need no `line_no` and no `period` column.
 * - A line without a period gets the period whose start and end dates hold its posting date (so fiscal
 *   calendars that are not calendar months still work), else the calendar month (created with the load).
 *   A file uploaded for one period keeps to it: a line dated in another is refused, naming both.
 * - A journal whose lines have no line numbers is numbered in file order; one that numbers only some is
 *   refused.
 * Done on the run's stage, before any check: what follows sees every line with its period and number.
 */

export { DERIVABLE_GL_COLUMNS } from '@finboard/shared/data-types';

interface Queries {
  query<R extends QueryResultRow>(text: string, params?: unknown[]): Promise<QueryResult<R>>;
}

/** `missing`: whether some staged lines have no period, some no line number (the stage's profile says). */
export async function deriveGlColumns(
  client: Queries,
  context: {
    schema: string;
    stage: string;
    files: readonly { name: string; period: string | null }[];
    missing: { periods: boolean; lines: boolean };
  },
): Promise<PipelineProblem[]> {
  const { schema, stage, files, missing } = context;
  const problems: PipelineProblem[] = [];

  if (missing.periods) {
    // Each posting date once (a ledger has at most a few thousand), then the lines by their date.
    await client.query(
      `UPDATE ${stage} s SET period = d.period FROM (
         SELECT x.posting_date, coalesce(
           (SELECT p."Period" FROM ${qualifiedName(schema, '00_Period')} p
            WHERE x.posting_date BETWEEN p.start_date AND p.end_date ORDER BY p."Period" LIMIT 1),
           to_char(x.posting_date, 'YYYY-MM')) AS period
         FROM (SELECT DISTINCT posting_date FROM ${stage} WHERE period IS NULL AND posting_date IS NOT NULL) x
       ) d WHERE s.period IS NULL AND s.posting_date = d.posting_date`,
    );
    const chosen = files.map((file) => file.period);
    const outside = await client.query<{ file: number; line: string; date: string; period: string }>(
      `SELECT _file AS file, _line AS line, to_char(posting_date, 'YYYY-MM-DD') AS date, period FROM ${stage}
       WHERE ($1::text[])[_file + 1] IS NOT NULL AND period <> ($1::text[])[_file + 1]
       ORDER BY _file, _line LIMIT ${MAX_RUN_PROBLEMS}`,
      [chosen],
    );
    for (const row of outside.rows)
      problems.push({
        file: files[row.file]?.name,
        line: Number(row.line),
        column: 'posting_date',
        value: row.date,
        problem: pipelineMessages.postingDateOutsidePeriod(row.date, chosen[row.file]!, row.period),
      });
  }

  if (missing.lines) {
    const mixed = await client.query<{ journal_id: string; file: number; line: string }>(
      `SELECT journal_id, min(_file) AS file, min(_line) AS line FROM ${stage} GROUP BY journal_id
       HAVING bool_or(line_no IS NULL) AND bool_or(line_no IS NOT NULL) ORDER BY 2, 3 LIMIT ${MAX_RUN_PROBLEMS}`,
    );
    for (const row of mixed.rows)
      problems.push({
        file: files[row.file]?.name,
        line: Number(row.line),
        column: 'line_no',
        value: row.journal_id,
        problem: pipelineMessages.lineNumbersMixed(row.journal_id),
      });
    if (mixed.rows.length === 0)
      await client.query(
        `UPDATE ${stage} s SET line_no = n.line_no FROM (
           SELECT _file, _line, row_number() OVER (PARTITION BY journal_id ORDER BY _file, _line) AS line_no
           FROM ${stage} WHERE line_no IS NULL
         ) n WHERE s._file = n._file AND s._line = n._line`,
      );
  }
  return problems.slice(0, MAX_RUN_PROBLEMS);
}
