import { useMemo, useState } from 'react';
import { Alert, App, Button, Drawer, Flex, Input, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  centsOf,
  formatCents,
  journalMessages,
  journalTotals,
  type Journal,
  type JournalLineRow,
  type JournalSource,
} from '@finboard/shared/journals';
import { useJournal } from '../api/get-journal';
import type { AccountOption } from '../api/get-accounts';
import { useSaveJournal } from '../api/save-journal';
import { accountOptions, linesToSave, type EditedLine } from './journal-lines';

let nextKey = 1;
const blankLine = (lineNo: number, template?: EditedLine): EditedLine => ({
  key: nextKey++,
  line_no: String(lineNo),
  posting_date: template?.posting_date ?? '',
  period: template?.period ?? '',
  account_code: '',
  description: template?.description ?? '',
  debit: '',
  credit: '',
  entity: template?.entity ?? '',
  department: template?.department ?? '',
});
const editedLine = (row: JournalLineRow): EditedLine => ({
  key: nextKey++,
  line_no: String(row.line_no),
  posting_date: row.posting_date,
  period: row.period,
  account_code: row.account_code,
  description: row.description ?? '',
  debit: row.debit,
  credit: row.credit,
  entity: row.entity,
  department: row.department,
  counterparty: row.counterparty,
  reference: row.reference,
});

export type JournalEditorTarget = { journalId: string; source: JournalSource } | { new: true };

/**
 * The journal editor (issue 9): all lines of one journal in an editable table (accounts picked from the
 * chart by code and name, with the entity and department of each line), with running debit and
 * credit totals and the difference. Add Record on the ledger opens it with two blank lines. Save sends every line in one request, and is offered only when the
 * journal is balanced to the cent (amounts are added as integer cents); the server checks it again.
 */
export function JournalEditor(props: {
  organizationId: string;
  target: JournalEditorTarget | undefined;
  /** The organization's chart of accounts, for the account pickers. */
  accounts: readonly AccountOption[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { organizationId, target, accounts, onClose, onSaved } = props;
  const existing = target && !('new' in target) ? target : undefined;
  const journal = useJournal(existing && { organizationId, ...existing });
  return (
    <Drawer
      title={existing ? `Journal ${existing.journalId}` : 'New journal'}
      open={Boolean(target)}
      onClose={onClose}
      size={1100}
      destroyOnHidden
    >
      {journal.isLoading && <Spin />}
      {journal.error && <Alert type="error" role="alert" showIcon title={journal.error.message} />}
      {target && (!existing || journal.data) && (
        <JournalForm
          organizationId={organizationId}
          source={existing?.source ?? 'manual'}
          initial={existing ? journal.data : undefined}
          accounts={accounts}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Drawer>
  );
}

/** The lines being edited; mounted afresh for each journal opened (the drawer destroys it when hidden). */
function JournalForm(props: {
  organizationId: string;
  source: JournalSource;
  initial: Journal | undefined;
  accounts: readonly AccountOption[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { organizationId, source, initial, accounts, onClose, onSaved } = props;
  const { message } = App.useApp();
  const isNew = !initial;
  const save = useSaveJournal();
  const [journalId, setJournalId] = useState(initial?.journal_id ?? '');
  const [lines, setLines] = useState<EditedLine[]>(() =>
    initial ? initial.lines.map(editedLine) : [blankLine(1), blankLine(2)],
  );
  const [serverError, setServerError] = useState<string>();

  const change = (key: number, field: keyof EditedLine, value: string) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, [field]: value } : line)));
  const addLine = () =>
    setLines((current) => {
      const highest = Math.max(0, ...current.map((line) => Number(line.line_no) || 0));
      return [...current, blankLine(highest + 1, current.at(-1))];
    });
  const removeLine = (key: number) => setLines((current) => current.filter((line) => line.key !== key));

  const amountsValid = lines.every((line) => centsOf(line.debit) !== undefined && centsOf(line.credit) !== undefined);
  const totals = journalTotals(amountsValid ? lines : []);
  const balanced = amountsValid && totals.difference === 0n;
  const canSave = balanced && lines.length >= 2 && journalId.trim() !== '' && !save.isPending;
  const difference = totals.difference < 0n ? -totals.difference : totals.difference;
  const options = useMemo(() => accountOptions(accounts), [accounts]);

  const submit = () => {
    setServerError(undefined);
    save.mutate(
      {
        organizationId,
        journalId: journalId.trim(),
        source,
        isNew,
        lines: linesToSave(lines),
      },
      {
        onSuccess: (response) => {
          void message.success(response.message);
          onSaved();
          onClose();
        },
        onError: (error) => setServerError(error.message),
      },
    );
  };

  const cell = (field: keyof EditedLine, label: string, width?: number, align?: 'right') => ({
    title: label,
    key: field,
    width,
    render: (_: unknown, line: EditedLine) => (
      <Input
        aria-label={`Line ${line.line_no} ${label.toLowerCase()}`}
        value={String(line[field] ?? '')}
        onChange={(event) => change(line.key, field, event.target.value)}
        status={
          (field === 'debit' || field === 'credit') && centsOf(String(line[field])) === undefined ? 'error' : undefined
        }
        style={align ? { textAlign: align } : undefined}
      />
    ),
  });

  return (
    <>
      {serverError && <Alert type="error" role="alert" showIcon title={serverError} style={{ marginBottom: 12 }} />}
      {isNew && (
        <Space style={{ marginBottom: 12 }}>
          <Typography.Text>Journal</Typography.Text>
          <Input
            aria-label="Journal"
            value={journalId}
            onChange={(event) => setJournalId(event.target.value)}
            style={{ width: 260 }}
          />
        </Space>
      )}
      <Table<EditedLine>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={lines}
        scroll={{ x: 'max-content' }}
        columns={[
          cell('line_no', 'Line', 70),
          cell('posting_date', 'Posting date', 130),
          cell('period', 'Period', 100),
          {
            title: 'Account',
            key: 'account_code',
            width: 240,
            render: (_: unknown, line: EditedLine) => (
              <Select
                aria-label={`Line ${line.line_no} account`}
                value={line.account_code || undefined}
                options={options}
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Search accounts"
                onChange={(value: string | undefined) => change(line.key, 'account_code', value ?? '')}
                allowClear
                style={{ width: 230 }}
                popupMatchSelectWidth={false}
              />
            ),
          },
          cell('description', 'Description', 220),
          cell('entity', 'Entity', 120),
          cell('department', 'Department', 120),
          cell('debit', 'Debit', 130, 'right'),
          cell('credit', 'Credit', 130, 'right'),
          {
            key: 'remove',
            width: 48,
            render: (_: unknown, line: EditedLine) => (
              <Button
                aria-label={`Remove line ${line.line_no}`}
                icon={<DeleteOutlined />}
                onClick={() => removeLine(line.key)}
              />
            ),
          },
        ]}
      />
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginTop: 12 }}>
        <Button icon={<PlusOutlined />} onClick={addLine}>
          Add line
        </Button>
        <Space size="large" aria-label="Journal totals" role="group">
          <Typography.Text>
            Debit <Typography.Text strong>{amountsValid ? formatCents(totals.debit) : '—'}</Typography.Text>
          </Typography.Text>
          <Typography.Text>
            Credit <Typography.Text strong>{amountsValid ? formatCents(totals.credit) : '—'}</Typography.Text>
          </Typography.Text>
          <Tag color={balanced ? 'green' : 'red'} data-testid="journal-difference">
            {!amountsValid
              ? journalMessages.amountInvalid
              : balanced
                ? 'Balanced'
                : `Difference ${formatCents(difference)}`}
          </Tag>
        </Space>
      </Flex>
      {lines.length < 2 && (
        <Typography.Paragraph type="danger" style={{ marginTop: 8 }}>
          {journalMessages.tooFewLines}
        </Typography.Paragraph>
      )}
      <Flex justify="end" gap={8} style={{ marginTop: 16 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" onClick={submit} disabled={!canSave} loading={save.isPending}>
          Save
        </Button>
      </Flex>
    </>
  );
}
