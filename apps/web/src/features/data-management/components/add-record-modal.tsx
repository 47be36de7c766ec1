import { useState } from 'react';
import { App, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { dataManagementMessages, type DataColumn, type DataRecordBody } from '@finboard/shared/data-management';
import { checkValue } from '../api/check-value';
import { useCreateRecord } from '../api/create-record';
import type { AccountOption } from '../api/get-accounts';
import { accountOptions } from './journal-lines';
import { choiceLabel, choicesFor, columnKind, isCheckedBeforeSave } from '../grid-mapping';

type FormValues = Record<string, string | number | boolean | Dayjs | null | undefined>;

/** Form values → the record body: blanks are left out, so the database's defaults apply. */
function bodyOf(columns: DataColumn[], values: FormValues): DataRecordBody {
  const body: DataRecordBody = {};
  for (const column of columns) {
    const value = values[column.name];
    if (value === undefined || value === null || value === '') continue;
    body[column.name] = dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : value;
  }
  return body;
}

/** The organization's own accounts and periods, offered by the pickers. */
interface Choices {
  table: string;
  accounts: readonly AccountOption[];
  periods: readonly string[];
}

/** The input of one column; Form.Item hands it id, value and onChange, passed on to the real control. */
function FieldInput({
  column,
  choices,
  ...control
}: { column: DataColumn; choices: Choices } & Record<string, unknown>) {
  // The chart's type and subtype are picked from the standard words (the subtypes of the type chosen above).
  const accountType = Form.useWatch('account_type', Form.useFormInstance()) as string | undefined;
  const words = choicesFor(choices.table, column.name, { account_type: accountType ?? null });
  if (words)
    return (
      <Select
        {...control}
        options={words.map((value) => ({ value, label: choiceLabel(value) }))}
        showSearch={{ optionFilterProp: 'label' }}
        allowClear
        placeholder="Choose"
      />
    );
  // Accounts and periods are picked from the organization's own lists (typing searches them).
  if (isCheckedBeforeSave(choices.table, column.name)) {
    const options =
      column.name === 'account_code'
        ? accountOptions(choices.accounts)
        : choices.periods.map((period) => ({ value: period, label: period }));
    return (
      <Select
        {...control}
        options={options}
        showSearch={{ optionFilterProp: 'label' }}
        allowClear
        placeholder={column.name === 'account_code' ? 'Search accounts' : 'Pick a period'}
      />
    );
  }
  switch (columnKind(column.type)) {
    case 'number':
      return column.type === 'numeric' ? (
        <InputNumber<string> {...control} stringMode style={{ width: '100%' }} />
      ) : (
        <InputNumber {...control} precision={0} style={{ width: '100%' }} />
      );
    case 'date':
      return <DatePicker {...control} format="YYYY-MM-DD" style={{ width: '100%' }} />;
    case 'boolean':
      return <Checkbox {...control} />;
    default:
      return <Input {...control} maxLength={1000} />;
  }
}

/** Add Record: one field per editable column, typed like the grid's editors. */
export function AddRecordModal(props: {
  organizationId: string;
  table: string;
  displayName: string;
  columns: DataColumn[];
  accounts: readonly AccountOption[];
  periods: readonly string[];
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const { organizationId, table, columns, open, onClose } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [checking, setChecking] = useState(false);
  const create = useCreateRecord();
  const fields = columns.filter((column) => column.editable);
  const choices: Choices = { table, accounts: props.accounts, periods: props.periods };

  /** The group value check (spec §5): every account code and period must exist before saving. */
  async function groupValuesValid(body: DataRecordBody): Promise<boolean> {
    const checked = Object.entries(body).filter(([column]) => isCheckedBeforeSave(table, column));
    if (checked.length === 0) return true;
    setChecking(true);
    try {
      const results = await Promise.all(
        checked.map(async ([columnName, value]) => ({
          columnName,
          result: await checkValue(organizationId, { columnName, value: value as string | number }),
        })),
      );
      const invalid = results.filter(({ result }) => !result.valid);
      form.setFields(
        invalid.map(({ columnName, result }) => ({
          name: columnName,
          errors: [result.message ?? dataManagementMessages.checkFailed],
        })),
      );
      return invalid.length === 0;
    } catch {
      void message.error(dataManagementMessages.checkFailed);
      return false;
    } finally {
      setChecking(false);
    }
  }

  async function save(values: FormValues) {
    const body = bodyOf(fields, values);
    if (!(await groupValuesValid(body))) return;
    create.mutate(
      { organizationId, table, body },
      {
        onSuccess: (response) => {
          void message.success(response.message);
          form.resetFields();
          props.onCreated();
          onClose();
        },
        onError: (error) => void message.error(error.message),
      },
    );
  }

  return (
    <Modal
      title="Add Record"
      open={open}
      onCancel={onClose}
      okText="Save"
      onOk={() => form.submit()}
      confirmLoading={checking || create.isPending}
      destroyOnHidden
      width={640}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => void save(values)}
        aria-label={`Add a record to ${props.displayName}`}
      >
        {fields.map((column) => (
          <Form.Item
            key={column.name}
            name={column.name}
            label={column.label}
            tooltip={column.label === column.name ? undefined : column.name}
            // Checked here before anything is sent; the server checks again.
            rules={column.required ? [{ required: true, message: dataManagementMessages.required(column.label) }] : []}
            valuePropName={columnKind(column.type) === 'boolean' ? 'checked' : 'value'}
          >
            <FieldInput column={column} choices={choices} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
