import { useId } from 'react';
import { Checkbox, Flex, InputNumber, Radio, Select, Table, Typography } from 'antd';
import { DATE_FORMATS, type Layout, type LayoutKind, type LayoutRole } from '@finboard/shared/layouts';
import {
  ACCOUNT_FORMAT_LABELS,
  AMOUNT_READING_LABELS,
  AMOUNT_READINGS,
  amountReadingOf,
  headerLineNumber,
  ROLE_LABELS,
  rolesFor,
  withAccountFormat,
  withAmountReading,
  withColumn,
  withDateFormat,
  withDecimal,
  withFillDown,
  withHeaderLineNumber,
  withIndicatorValues,
  withSectionAccounts,
  withSkipPrefixes,
} from '../layout-choices';

const NONE = -1;
/** The layout schema's last header line (0-based 200), as the page numbers lines. */
const LAST_HEADER_LINE = 201;

/** One labelled control of the editor: the label names the control for screen readers too. */
function Field(props: { label: string; children: (labelId: string) => React.ReactNode; extra?: string }) {
  const labelId = useId();
  return (
    <Flex vertical gap={4}>
      <Typography.Text id={labelId} strong>
        {props.label}
      </Typography.Text>
      {props.children(labelId)}
      {props.extra && <Typography.Text type="secondary">{props.extra}</Typography.Text>}
    </Flex>
  );
}

/**
 * "Adjust how the file is read": the file's header columns beside what each holds, how amounts and accounts
 * are written, where the header is, report sections, filled-down columns, dates and decimals. Every change
 * goes to `onChange`; the preview is asked again with it.
 */
export function LayoutEditor(props: {
  layout: Layout;
  /** The file's header at the layout's header line, as analyze read it. */
  header: readonly string[];
  kind: LayoutKind;
  onChange: (layout: Layout) => void;
  disabled: boolean;
}) {
  const { layout, header, kind, onChange, disabled } = props;
  const columnOptions = [
    { value: NONE, label: 'None' },
    ...header.map((cell, index) => ({ value: index, label: `Column ${index + 1}: ${cell || '(blank)'}` })),
  ];
  const roles = rolesFor(kind, layout.amount.kind);
  const filledRoles = roles.filter((role) => layout.columns[role] !== undefined);
  const ledger = kind !== 'accounts';

  return (
    <Flex vertical gap={16} role="group" aria-label="How the file is read">
      <Table<{ role: LayoutRole }>
        rowKey="role"
        size="small"
        pagination={false}
        style={{ maxWidth: 720 }}
        dataSource={roles.map((role) => ({ role }))}
        columns={[
          { key: 'role', title: 'What the column holds', render: (_, { role }) => ROLE_LABELS[role] },
          {
            key: 'column',
            title: "The file's column",
            width: 320,
            render: (_, { role }) => (
              <Select
                aria-label={`File column for ${ROLE_LABELS[role]}`}
                style={{ width: '100%' }}
                disabled={disabled}
                value={layout.columns[role] ?? NONE}
                options={columnOptions}
                onChange={(column: number) => onChange(withColumn(layout, role, column === NONE ? undefined : column))}
              />
            ),
          },
        ]}
      />
      <Flex wrap gap={24}>
        <Field label="Header line" extra="The file's line that names its columns; the lines above it are skipped.">
          {(labelId) => (
            <InputNumber
              aria-labelledby={labelId}
              min={1}
              max={LAST_HEADER_LINE}
              precision={0}
              disabled={disabled}
              value={headerLineNumber(layout)}
              onChange={(line) => line !== null && onChange(withHeaderLineNumber(layout, line))}
            />
          )}
        </Field>
        <Field label="Accounts are written as">
          {(labelId) => (
            <Select
              aria-labelledby={labelId}
              style={{ width: 320 }}
              disabled={disabled}
              value={layout.account.format}
              options={Object.entries(ACCOUNT_FORMAT_LABELS).map(([value, label]) => ({ value, label }))}
              onChange={(format: Layout['account']['format']) => onChange(withAccountFormat(layout, format))}
            />
          )}
        </Field>
        {ledger && (
          <Field label="Amounts are written as">
            {(labelId) => (
              <Select
                aria-labelledby={labelId}
                style={{ width: 400 }}
                disabled={disabled}
                value={amountReadingOf(layout.amount)}
                options={AMOUNT_READINGS.map((value) => ({ value, label: AMOUNT_READING_LABELS[value] }))}
                onChange={(reading: (typeof AMOUNT_READINGS)[number]) => onChange(withAmountReading(layout, reading))}
              />
            )}
          </Field>
        )}
      </Flex>
      {layout.amount.kind === 'indicator' && (
        <Flex wrap gap={24}>
          {(['debit', 'credit'] as const).map((side) => (
            <Field key={side} label={`Indicator values that mean ${side}`}>
              {(labelId) => (
                <Select
                  aria-labelledby={labelId}
                  mode="tags"
                  style={{ width: 320 }}
                  disabled={disabled}
                  value={layout.amount.kind === 'indicator' ? layout.amount[`${side}Values`] : []}
                  onChange={(values: string[]) => onChange(withIndicatorValues(layout, side, values))}
                />
              )}
            </Field>
          ))}
        </Flex>
      )}
      {ledger && (
        <Checkbox
          checked={layout.sectionAccounts}
          disabled={disabled}
          onChange={(event) => onChange(withSectionAccounts(layout, event.target.checked))}
        >
          Section rows: a row holding only an account names the account of the rows below it (report style)
        </Checkbox>
      )}
      <Flex wrap gap={24}>
        {ledger && (
          <Field
            label="Filled down"
            extra="Columns written only on a transaction's first row: the rows below take its value."
          >
            {(labelId) => (
              <Select
                aria-labelledby={labelId}
                mode="multiple"
                allowClear
                style={{ width: 400 }}
                disabled={disabled}
                placeholder="No column is filled down"
                value={layout.fillDown}
                options={filledRoles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
                onChange={(filled: LayoutRole[]) => onChange(withFillDown(layout, filled))}
              />
            )}
          </Field>
        )}
        {ledger && (
          <Field
            label="Rows skipped"
            extra="Rows whose first filled cell is one of these labels (balances, with their date), or a total of anything."
          >
            {(labelId) => (
              <Select
                aria-labelledby={labelId}
                mode="tags"
                style={{ width: 400 }}
                disabled={disabled}
                placeholder="No row is skipped"
                value={layout.skipPrefixes}
                onChange={(prefixes: string[]) => onChange(withSkipPrefixes(layout, prefixes))}
              />
            )}
          </Field>
        )}
      </Flex>
      <Flex wrap gap={24}>
        {kind === 'gl' && (
          <Field label="Date format">
            {(labelId) => (
              <Select
                aria-labelledby={labelId}
                style={{ width: 220 }}
                disabled={disabled}
                value={layout.dateFormat ?? undefined}
                placeholder="Choose the dates' format"
                options={DATE_FORMATS.map((format) => ({ value: format, label: format }))}
                onChange={(format: (typeof DATE_FORMATS)[number]) => onChange(withDateFormat(layout, format))}
              />
            )}
          </Field>
        )}
        {ledger && (
          <Field label="Decimal mark">
            {(labelId) => (
              <Radio.Group
                aria-labelledby={labelId}
                disabled={disabled}
                value={layout.decimal}
                options={[
                  { value: '.', label: 'Point (1,234.56)' },
                  { value: ',', label: 'Comma (1.234,56)' },
                ]}
                onChange={(event) => onChange(withDecimal(layout, event.target.value as Layout['decimal']))}
              />
            )}
          </Field>
        )}
      </Flex>
    </Flex>
  );
}
