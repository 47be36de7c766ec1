import { useState } from 'react';
import { App, Checkbox, DatePicker, Form, Input, InputNumber, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { dataManagementMessages, type DataColumn, type DataRecordBody } from '@finboard/shared/data-management';
import { checkValue } from '../api/check-value';
import { useCreateRecord } from '../api/create-record';
import { columnKind, isCheckedBeforeSave } from '../grid-mapping';

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

/** The input of one column; Form.Item hands it id, value and onChange, passed on to the real control. */
function FieldInput({ column, ...control }: { column: DataColumn } & Record<string, unknown>) {
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
            label={column.name}
            valuePropName={columnKind(column.type) === 'boolean' ? 'checked' : 'value'}
          >
            <FieldInput column={column} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
