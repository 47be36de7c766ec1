import type { ReactNode } from 'react';
import { Button, Card, Form, Space, type FormInstance } from 'antd';

/**
 * The filter card above a list (spec §2 "Filter …"): its fields in one wrapping row, applied on 'Apply
 * Filter'; 'Clear Filter' empties them and applies no filter at all. The form is named by its title.
 * `form` is for a caller that sets the fields itself (e.g. from the address).
 */
export function FilterForm<Values extends object>(props: {
  title: string;
  name: string;
  form?: FormInstance<Values>;
  onApply: (values: Values) => void;
  onClear: () => void;
  children: ReactNode;
}) {
  const [ownForm] = Form.useForm<Values>();
  const form = props.form ?? ownForm;
  return (
    <Card title={props.title} size="small" style={{ marginBottom: 16 }}>
      <Form
        form={form}
        name={props.name}
        aria-label={props.title}
        layout="inline"
        onFinish={props.onApply}
        style={{ rowGap: 12 }}
      >
        {props.children}
        <Space>
          <Button type="primary" htmlType="submit">
            Apply Filter
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              props.onClear();
            }}
          >
            Clear Filter
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
