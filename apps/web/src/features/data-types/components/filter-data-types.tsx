import { Button, Card, Form, Input, Select, Space } from 'antd';
import type { WarehouseTable } from '@finboard/shared/warehouse';
import { targetTableOptions } from '../data-type-labels';

export interface DataTypeFilters {
  name?: string;
  targetTable?: WarehouseTable;
}

/** Filter Data Types (spec §2): applied on 'Apply Filter', all removed on 'Clear Filter'. */
export function FilterDataTypes(props: { onApply: (filters: DataTypeFilters) => void }) {
  const [form] = Form.useForm<DataTypeFilters>();
  return (
    <Card title="Filter Data Types" size="small" style={{ marginBottom: 16 }}>
      <Form
        form={form}
        name="filterDataTypes"
        layout="inline"
        onFinish={(filters) =>
          props.onApply({ name: filters.name?.trim() || undefined, targetTable: filters.targetTable })
        }
        style={{ rowGap: 12 }}
      >
        <Form.Item label="Name" name="name">
          <Input allowClear placeholder="Any name" maxLength={200} />
        </Form.Item>
        <Form.Item label="Target table" name="targetTable">
          <Select allowClear placeholder="Any table" style={{ width: 200 }} options={targetTableOptions} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            Apply Filter
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              props.onApply({});
            }}
          >
            Clear Filter
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
