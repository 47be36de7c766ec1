import { Alert, Button, Card, Checkbox, Collapse, Flex, Radio, Select, Spin, Table, Tag, Typography } from 'antd';
import { formatCents, signedCentsOf } from '@finboard/shared/journals';
import {
  layoutMessages,
  type AccountTypeChoice,
  type FileAnalysis,
  type Layout,
  type LayoutDateFormat,
  type LayoutKind,
} from '@finboard/shared/layouts';
import {
  ACCOUNT_TYPES,
  choiceWithType,
  dateFormatLabel,
  newAccountRows,
  subtypeLabel,
  SUBTYPES,
  TYPE_ORIGIN_LABELS,
  withAccountType,
  withDateFormat,
  type AccountType,
  type NewAccountRow,
  type TypeOrigin,
} from '../layout-choices';
import { saveFile } from '../../../lib/save-file';
import { ANALYZE_PREFIX_BYTES } from '../file-prefix';
import { problemsReportCsv, problemsReportName } from '../problems-report';
import type { FileReading, LayoutChoices } from '../use-file-readings';
import { LayoutEditor } from './layout-editor';

type Period = FileAnalysis['preview']['periods'][number];
type Problem = FileAnalysis['preview']['problems'][number];

const count = (value: number) => value.toLocaleString('en-US');
const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;
const money = (value: string) => formatCents(signedCentsOf(value));
const MONEY_COLUMNS = new Set(['debit', 'credit', 'amount', 'opening_balance', 'closing_balance']);
const PAGED = { pageSize: 10, hideOnSinglePage: true, showSizeChanger: false } as const;

const ORIGIN_COLORS: Record<TypeOrigin, string | undefined> = {
  file: 'blue',
  suggested: 'gold',
  yours: 'green',
  none: 'red',
};

const periodColumns = [
  { key: 'period', title: 'Period', render: (_: unknown, row: Period) => row.period },
  { key: 'lines', title: 'Lines', align: 'right' as const, render: (_: unknown, row: Period) => count(row.lines) },
  { key: 'debit', title: 'Debit', align: 'right' as const, render: (_: unknown, row: Period) => money(row.debit) },
  { key: 'credit', title: 'Credit', align: 'right' as const, render: (_: unknown, row: Period) => money(row.credit) },
];

const problemColumns = [
  { key: 'line', title: 'Line', width: 80, render: (_: unknown, row: Problem) => row.line },
  { key: 'column', title: 'Column', render: (_: unknown, row: Problem) => row.column ?? '' },
  { key: 'value', title: 'Value', render: (_: unknown, row: Problem) => row.value ?? '' },
  { key: 'problem', title: 'Problem', render: (_: unknown, row: Problem) => row.problem },
  { key: 'rule', title: 'Layout rule', render: (_: unknown, row: Problem) => row.rule ?? '' },
];

/** The canonical columns of the sample, in the order the rows hold them. */
function sampleColumns(sample: FileAnalysis['preview']['sample']) {
  const names = [...new Set(sample.flatMap((row) => Object.keys(row)))];
  return names.map((name) => ({
    key: name,
    title: name,
    align: MONEY_COLUMNS.has(name) ? ('right' as const) : undefined,
    render: (_: unknown, row: Record<string, string | null>) => {
      const value = row[name];
      if (value === null || value === undefined) return '';
      return MONEY_COLUMNS.has(name) ? money(value) : value;
    },
  }));
}

function Section(props: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={props.title}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {props.title}
      </Typography.Title>
      {props.children}
    </section>
  );
}

/** The type and subtype the load creates an account with, editable, and where they come from. */
function AccountTypesTable(props: {
  rows: NewAccountRow[];
  onChoose: (code: string, choice: AccountTypeChoice) => void;
  disabled: boolean;
}) {
  return (
    <Table<NewAccountRow>
      rowKey="code"
      size="small"
      pagination={PAGED}
      style={{ maxWidth: 960 }}
      dataSource={props.rows}
      columns={[
        { key: 'code', title: 'Account', render: (_, row) => row.code },
        // Report exports name accounts by name alone: the name is then the code, shown once.
        ...(props.rows.some((row) => row.name !== row.code)
          ? [{ key: 'name', title: 'Name', render: (_: unknown, row: NewAccountRow) => row.name }]
          : []),
        {
          key: 'type',
          title: 'Type',
          width: 160,
          render: (_, row) => (
            <Select
              aria-label={`Type of ${row.code}`}
              style={{ width: '100%' }}
              disabled={props.disabled}
              placeholder="Choose a type"
              value={row.choice?.type}
              options={ACCOUNT_TYPES.map((type) => ({ value: type, label: type }))}
              onChange={(type: AccountType) => props.onChoose(row.code, choiceWithType(row.choice, type))}
            />
          ),
        },
        {
          key: 'subtype',
          title: 'Subtype',
          width: 220,
          render: (_, row) => (
            <Select
              aria-label={`Subtype of ${row.code}`}
              style={{ width: '100%' }}
              disabled={props.disabled || !row.choice}
              value={row.choice ? (row.choice.subtype ?? '') : undefined}
              options={[
                { value: '', label: 'None (shown under Other)' },
                ...(row.choice ? SUBTYPES[row.choice.type] : []).map((subtype) => ({
                  value: subtype,
                  label: subtypeLabel(subtype),
                })),
                // A subtype from the file's own vocabulary that is not one of ours stays choosable.
                ...(row.choice?.subtype && !SUBTYPES[row.choice.type].includes(row.choice.subtype)
                  ? [{ value: row.choice.subtype, label: subtypeLabel(row.choice.subtype) }]
                  : []),
              ]}
              onChange={(subtype: string) =>
                row.choice && props.onChoose(row.code, { type: row.choice.type, subtype: subtype || null })
              }
            />
          ),
        },
        {
          key: 'origin',
          title: 'Type from',
          width: 130,
          render: (_, row) => <Tag color={ORIGIN_COLORS[row.origin]}>{TYPE_ORIGIN_LABELS[row.origin]}</Tag>,
        },
      ]}
    />
  );
}

/**
 * One chosen file's preview before anything is stored (issue 23 §2): what it was recognized as, the first rows
 * as they will load, lines and debit/credit per period, whether every journal balances, the accounts the load
 * creates (types editable), the problems, and the layout editor. Every change goes to `onChange`.
 */
export function FilePreview(props: {
  reading: FileReading;
  kind: LayoutKind;
  /** The period chosen on the page (a trial balance's, and the date of opening balances). */
  period: string | undefined;
  choices: LayoutChoices;
  onChange: (choices: LayoutChoices) => void;
  disabled: boolean;
}) {
  const { reading, kind, period, choices, onChange, disabled } = props;
  const { file, recognized, analysis, layout } = reading;
  const changeLayout = (next: Layout) => onChange({ ...choices, layout: next });
  const title = `Preview of ${file.name}`;

  if (reading.error)
    return (
      <Alert
        type="warning"
        showIcon
        title={`${file.name} could not be analyzed: ${reading.error.message}`}
        description="It is uploaded as it is: when its columns are not the data type's, the column mapping step asks for them."
        action={
          <Button size="small" onClick={reading.retry}>
            Try again
          </Button>
        }
      />
    );
  if (!recognized || !analysis || !layout)
    return (
      <Card size="small" title={title}>
        <Typography.Text type="secondary" role="status">
          <Spin size="small" /> Analyzing {file.name}…
        </Typography.Text>
      </Card>
    );

  const { preview } = analysis;
  const percent = Math.round(recognized.confidence * 100);
  const accounts = newAccountRows(preview.unknownAccounts, layout);
  const untyped = accounts.filter((account) => !account.choice);
  const creates = kind === 'accounts' || reading.createAccounts;
  const trialBalance = layout.family === 'trial-balance';
  const openingJournal = period ? `“${layoutMessages.openingJournal(period)}”` : '“Opening balances <period>”';
  const totals = preview.periods.reduce(
    (sum, row) => ({ debit: sum.debit + signedCentsOf(row.debit), credit: sum.credit + signedCentsOf(row.credit) }),
    { debit: 0n, credit: 0n },
  );

  return (
    <Card
      size="small"
      title={title}
      extra={
        reading.analyzing && (
          <Typography.Text type="secondary" role="status">
            <Spin size="small" /> Updating the preview…
          </Typography.Text>
        )
      }
    >
      <section aria-label={title} aria-busy={reading.analyzing}>
        <Flex vertical gap={16}>
          <Flex wrap gap={8} align="center">
            <Typography.Text strong>
              {recognized.recognizedAs
                ? `Recognized as ${recognized.recognizedAs} (${percent} %)`
                : 'Not recognized: say below how the file is read'}
            </Typography.Text>
            {kind === 'gl' &&
              (preview.balanced ? (
                <Tag color="green">Every journal balances</Tag>
              ) : (
                <Tag color="red">Not every journal balances</Tag>
              ))}
            {kind === 'trial-balance' &&
              (preview.balanced ? (
                <Tag color="green">Debits equal credits</Tag>
              ) : (
                <Tag color="orange">Debits and credits differ</Tag>
              ))}
          </Flex>
          {kind === 'gl' && trialBalance && (
            <Typography.Text>
              {period
                ? `This trial balance posts as the opening journal of ${period}: one balanced journal ${openingJournal} dated ${period}-01.`
                : 'This trial balance posts as the opening journal of a period: choose the period above.'}
            </Typography.Text>
          )}
          {recognized.layoutFrom === 'saved' && (
            <Typography.Text type="secondary">
              Read as confirmed on an earlier upload of a file with these columns.
            </Typography.Text>
          )}
          <Typography.Text>
            {kind === 'gl'
              ? `${plural(preview.rows, 'line', 'lines')} in ${plural(preview.journals, 'journal', 'journals')}`
              : plural(preview.rows, 'row', 'rows')}
            {preview.skipped > 0 &&
              `; ${plural(preview.skipped, 'row', 'rows')} of the file skipped (titles, totals, blank and section rows)`}
            .
          </Typography.Text>
          {preview.partial && (
            <Alert
              type="info"
              showIcon
              title={`The preview covers only the first part of the file (its first ${ANALYZE_PREFIX_BYTES / 1024 / 1024} MB). The upload sends all of it, and its run checks every line.`}
            />
          )}
          {reading.correctionError && (
            <Alert
              type="error"
              role="alert"
              showIcon
              title={`The preview could not be updated: ${reading.correctionError.message}`}
              action={
                <Flex gap={8}>
                  <Button size="small" onClick={reading.retry}>
                    Try again
                  </Button>
                  <Button size="small" onClick={() => onChange({ ...choices, layout: undefined })}>
                    Undo my changes
                  </Button>
                </Flex>
              }
            />
          )}
          {recognized.ambiguousDates && (
            <Flex vertical gap={4}>
              <Typography.Text id={`${reading.uid}-dates`}>
                Every date in the file reads both day first and month first. Which is it?
              </Typography.Text>
              <Radio.Group
                aria-labelledby={`${reading.uid}-dates`}
                disabled={disabled}
                value={layout.dateFormat}
                options={recognized.ambiguousDates.map((format) => ({ value: format, label: dateFormatLabel(format) }))}
                onChange={(event) => changeLayout(withDateFormat(layout, event.target.value as LayoutDateFormat))}
              />
            </Flex>
          )}

          {preview.periods.length > 0 && (
            <Section title="Lines per period">
              <Table<Period>
                rowKey="period"
                size="small"
                pagination={PAGED}
                columns={periodColumns}
                dataSource={preview.periods}
                style={{ maxWidth: 560 }}
              />
            </Section>
          )}

          <Section title="The first rows as they will load">
            <Table<Record<string, string | null>>
              rowKey={(_, index) => String(index)}
              size="small"
              pagination={PAGED}
              scroll={{ x: 'max-content' }}
              columns={sampleColumns(preview.sample)}
              dataSource={preview.sample}
              locale={{ emptyText: 'No row would load: check how the file is read below.' }}
            />
          </Section>

          {kind === 'trial-balance' && trialBalance && (
            <Flex vertical gap={4}>
              <Checkbox
                checked={reading.openingBalances}
                disabled={disabled}
                onChange={(event) => onChange({ ...choices, openingBalances: event.target.checked })}
              >
                Use as opening balances
              </Checkbox>
              <Typography.Text type="secondary">
                Also posts the balances to the ledger (GL Detail) as one balanced journal {openingJournal} dated the
                period’s first day, so the ledger can be added from then on. A period is required.
              </Typography.Text>
              {reading.openingBalances && !period && (
                <Typography.Text type="warning">
                  Choose the period above: the opening journal is dated its first day.
                </Typography.Text>
              )}
              {reading.openingBalances && !preview.balanced && totals.debit + totals.credit > 0n && (
                <Typography.Text type="danger">
                  {layoutMessages.openingUnbalanced(formatCents(totals.debit), formatCents(totals.credit))}: the upload
                  is refused.
                </Typography.Text>
              )}
            </Flex>
          )}
          {kind !== 'accounts' && preview.unknownAccounts.length > 0 && (
            <Checkbox
              checked={reading.createAccounts}
              disabled={disabled}
              onChange={(event) => onChange({ ...choices, createAccounts: event.target.checked })}
            >
              Create the accounts the file names
            </Checkbox>
          )}
          {accounts.length > 0 && (
            <Section
              title={
                kind === 'accounts'
                  ? 'New accounts and their types'
                  : creates
                    ? 'Accounts that will be created'
                    : 'Accounts the chart lacks'
              }
            >
              {creates ? (
                untyped.length > 0 && (
                  <Typography.Paragraph type="warning">
                    Choose a type for {plural(untyped.length, 'account', 'accounts')} marked “choose a type”: the upload
                    is refused without one.
                  </Typography.Paragraph>
                )
              ) : (
                <Typography.Paragraph type="secondary">
                  They are not created: the run refuses the lines that name them unless they are added to the chart
                  first.
                </Typography.Paragraph>
              )}
              <AccountTypesTable
                rows={accounts}
                disabled={disabled || !creates}
                onChoose={(code, choice) => changeLayout(withAccountType(layout, code, choice))}
              />
            </Section>
          )}

          {preview.problemCount > 0 && (
            <Section title={plural(preview.problemCount, 'problem', 'problems')}>
              <Typography.Paragraph type="danger">
                The upload is refused while the file has problems: correct how it is read below, or the file.
                {preview.problemCount > preview.problems.length &&
                  ` The first ${count(preview.problems.length)} are listed.`}
              </Typography.Paragraph>
              <Button
                onClick={() =>
                  saveFile(
                    new Blob([problemsReportCsv(preview.problems)], { type: 'text/csv;charset=utf-8' }),
                    problemsReportName(file.name),
                  )
                }
              >
                Download problems report
              </Button>
              <Table<Problem>
                rowKey={(row, index) => `${row.line}-${index}`}
                size="small"
                pagination={PAGED}
                columns={problemColumns}
                dataSource={preview.problems}
              />
            </Section>
          )}

          <Collapse
            items={[
              {
                key: 'layout',
                label: 'Adjust how the file is read',
                children: (
                  <LayoutEditor
                    layout={layout}
                    header={analysis.header}
                    kind={kind}
                    onChange={changeLayout}
                    disabled={disabled}
                  />
                ),
              },
            ]}
          />
        </Flex>
      </section>
    </Card>
  );
}
