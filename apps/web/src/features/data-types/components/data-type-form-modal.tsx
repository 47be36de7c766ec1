import { Alert, App, Button, Checkbox, Flex, Form, Input, Modal, Select, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Rule } from 'antd/es/form';
import {
  dataTypeColumnSchema,
  dataTypeInputSchema,
  dataTypeMessages,
  MAX_DATA_TYPE_COLUMNS,
  type DataType,
  type DataTypeInput,
} from '@finboard/shared/data-types';
import { messages } from '@finboard/shared/messages';
import { zodRule } from '../../../lib/form-rules';
import { useCreateDataType } from '../api/create-data-type';
import { useUpdateDataType } from '../api/update-data-type';
import { columnTypeOptions, delimiterOptions, targetTableOptions } from '../data-type-labels';

interface DataTypeFormModalProps {
  /** The organization whose types are added and edited. */
  organizationId: string;
  /** Closed when undefined; 'new' adds, a data type edits it. */
  target: DataType | 'new' | undefined;
  onClose: () => void;
}

/** Add Data Type and Edit Data Type (spec §2). */
export function DataTypeFormModal({ target, onClose, organizationId }: DataTypeFormModalProps) {
  const editing = target && target !== 'new' ? target : undefined;
  return (
    <Modal
      open={Boolean(target)}
      title={editing ? 'Edit Data Type' : 'Add Data Type'}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={860}
    >
      <DataTypeForm organizationId={organizationId} editing={editing} onClose={onClose} />
    </Modal>
  );
}

const shape = dataTypeInputSchema.shape;
const columnShape = dataTypeColumnSchema.shape;
const NEW_COLUMN = { name: '', type: 'text', required: true } as const;

/** The column name's own rule, then no other column of the form may have it (case-insensitive). */
const columnNameRules = (index: number): Rule[] => [
  zodRule(columnShape.name),
  ({ getFieldValue }) => ({
    validator: async (_rule, value: string | undefined) => {
      const key = value?.trim().toLowerCase();
      const columns = (getFieldValue('columns') ?? []) as { name?: string }[];
      const earlier = columns.slice(0, index).some((column) => column?.name?.trim().toLowerCase() === key);
      if (key && earlier) throw new Error(dataTypeMessages.columnNameDuplicate);
    },
  }),
];

/** A format is checked with its column (a date column's format must be a date pattern). */
const formatRule =
  (index: number): Rule =>
  ({ getFieldValue }) => ({
    validator: async () => {
      const result = dataTypeColumnSchema.safeParse(getFieldValue(['columns', index]));
      const problem = result.error?.issues.find((issue) => issue.path[0] === 'format');
      if (problem) throw new Error(problem.message);
    },
  });

function DataTypeForm(props: { organizationId: string; editing: DataType | undefined; onClose: () => void }) {
  const { organizationId, editing, onClose } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<DataTypeInput>();
  const create = useCreateDataType();
  const update = useUpdateDataType();
  const mutation = editing ? update : create;

  const onFinish = (values: DataTypeInput) => {
    const done = {
      onSuccess: (response: { message: string }) => {
        void message.success(response.message);
        onClose();
      },
    };
    if (editing) update.mutate({ organizationId, id: editing.id, body: values }, done);
    else create.mutate({ organizationId, body: values }, done);
  };

  return (
    <Form<DataTypeInput>
      form={form}
      name="dataType"
      // The shared zod rules speak for themselves; the browser's own bubbles would pre-empt them.
      noValidate
      layout="vertical"
      initialValues={
        editing
          ? {
              name: editing.name,
              description: editing.description ?? '',
              targetTable: editing.targetTable,
              delimiter: editing.delimiter,
              periodBased: editing.periodBased,
              columns: editing.columns,
            }
          : { delimiter: ',', periodBased: false, columns: [NEW_COLUMN] }
      }
      onFinish={onFinish}
      onFinishFailed={() => void message.error(messages.formFailed)}
      disabled={mutation.isPending}
    >
      {mutation.error && (
        <Alert type="error" role="alert" showIcon title={mutation.error.message} style={{ marginBottom: 16 }} />
      )}
      <Flex gap={16} wrap>
        <Form.Item label="Name" name="name" required rules={[zodRule(shape.name)]} style={{ flex: '1 1 240px' }}>
          <Input autoFocus maxLength={100} />
        </Form.Item>
        <Form.Item
          label="Target table"
          name="targetTable"
          required
          rules={[zodRule(shape.targetTable)]}
          tooltip={editing?.isStandard ? 'A standard data type keeps its target table' : undefined}
          style={{ flex: '1 1 200px' }}
        >
          <Select options={targetTableOptions} disabled={editing?.isStandard} />
        </Form.Item>
      </Flex>
      <Form.Item label="Description" name="description" rules={[zodRule(shape.description, { optional: true })]}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item
          label="Delimiter"
          name="delimiter"
          required
          rules={[zodRule(shape.delimiter)]}
          style={{ width: 200 }}
        >
          <Select options={delimiterOptions} />
        </Form.Item>
        <Form.Item label="Period-based" name="periodBased" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Flex>

      <Typography.Title level={5}>Expected columns</Typography.Title>
      <Form.List
        name="columns"
        rules={[
          {
            validator: async (_rule, columns: unknown[] | undefined) => {
              if (!columns || columns.length === 0) throw new Error(dataTypeMessages.columnsRequired);
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field, index) => (
              <Flex key={field.key} gap={8} align="flex-start" wrap data-testid="data-type-column">
                <Form.Item
                  name={[field.name, 'name']}
                  rules={columnNameRules(index)}
                  style={{ flex: '1 1 180px', marginBottom: 12 }}
                >
                  <Input aria-label={`Column ${index + 1} name`} placeholder="Column name" maxLength={63} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'type']}
                  rules={[zodRule(columnShape.type)]}
                  style={{ width: 130, marginBottom: 12 }}
                >
                  <Select aria-label={`Column ${index + 1} type`} options={columnTypeOptions} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'format']}
                  dependencies={[['columns', field.name, 'type']]}
                  rules={[formatRule(index)]}
                  style={{ width: 150, marginBottom: 12 }}
                >
                  <Input
                    aria-label={`Column ${index + 1} format`}
                    placeholder="Format, e.g. YYYY-MM-DD"
                    maxLength={50}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'required']} valuePropName="checked" style={{ marginBottom: 12 }}>
                  <Checkbox aria-label={`Column ${index + 1} required`}>Required</Checkbox>
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={`Remove column ${index + 1}`}
                  onClick={() => remove(field.name)}
                  disabled={fields.length === 1}
                />
              </Flex>
            ))}
            <Form.ErrorList errors={errors} />
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ ...NEW_COLUMN })}
              disabled={fields.length >= MAX_DATA_TYPE_COLUMNS}
              style={{ marginBottom: 16 }}
            >
              Add column
            </Button>
          </>
        )}
      </Form.List>

      <Flex gap={8} justify="flex-end">
        <Button onClick={onClose} disabled={false}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          Save
        </Button>
      </Flex>
    </Form>
  );
}
