import { Button, Form, Input, Space } from 'antd';
import { FILTER_FIELDS, type OrganizationFilters as Filters } from '../organization-list-params';

const LABELS: Record<(typeof FILTER_FIELDS)[number], string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  powerbiEmail: 'Power BI email',
};

/**
 * The filter bar of the organizations list: applied on 'Apply Filter', emptied by 'Clear Filter'.
 * It starts from `value`; the page remounts it when the URL's filters change (back/forward).
 */
export function OrganizationFilters({ value, onApply }: { value: Filters; onApply: (filters: Filters) => void }) {
  const [form] = Form.useForm<Filters>();
  return (
    <Form
      form={form}
      name="organizationFilters"
      initialValues={value}
      layout="inline"
      aria-label="Filter organizations"
      onFinish={(filters) => onApply(filters)}
      style={{ rowGap: 8 }}
    >
      {FILTER_FIELDS.map((field) => (
        <Form.Item key={field} label={LABELS[field]} name={field}>
          <Input allowClear style={{ width: 180 }} maxLength={200} />
        </Form.Item>
      ))}
      <Space>
        <Button type="primary" htmlType="submit">
          Apply Filter
        </Button>
        <Button
          onClick={() => {
            form.setFieldsValue(Object.fromEntries(FILTER_FIELDS.map((field) => [field, ''])));
            onApply({});
          }}
        >
          Clear Filter
        </Button>
      </Space>
    </Form>
  );
}
