import { Button, Card, DatePicker, Form, Input, Select, Space } from 'antd';
import { runStatusOptions } from '../run-labels';
import { runFiltersOf, type RunFilterForm, type RunFilters } from '../run-filters';

/** Filter Pipelines (spec §2): name, status and the days runs were queued; filtered on the server. */
export function FilterPipelines(props: { onApply: (filters: RunFilters) => void }) {
  const [form] = Form.useForm<RunFilterForm>();
  return (
    <Card title="Filter Pipelines" size="small" style={{ marginBottom: 16 }}>
      <Form
        form={form}
        name="filterPipelines"
        layout="inline"
        onFinish={(values) => props.onApply(runFiltersOf(values))}
        style={{ rowGap: 12 }}
      >
        <Form.Item label="Name" name="name">
          <Input allowClear placeholder="Any pipeline" maxLength={200} />
        </Form.Item>
        <Form.Item label="Status" name="status">
          <Select allowClear placeholder="Any status" style={{ width: 160 }} options={runStatusOptions} />
        </Form.Item>
        <Form.Item label="Queued between" name="queued">
          <DatePicker.RangePicker allowEmpty={[true, true]} aria-label="Queued between" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            Apply Filter
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              props.onApply(runFiltersOf({}));
            }}
          >
            Clear Filter
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
