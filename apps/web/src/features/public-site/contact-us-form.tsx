import { Alert, App, Button, Col, Form, Input, Row } from 'antd';
import { CONTACT_MESSAGE_MAX_LENGTH, contactRequestSchema, type ContactRequest } from '@finboard/shared/contact';
import { zodRule } from '../../lib/form-rules';
import { useContactUs } from './api/contact-us';

const { shape } = contactRequestSchema;

/** The public contact-us form; the server stores the message and e-mails the platform administrators. */
export function ContactUsForm() {
  const [form] = Form.useForm<ContactRequest>();
  const { message } = App.useApp();
  const contactUs = useContactUs();

  const submit = (values: ContactRequest) =>
    contactUs.mutate(values, {
      onSuccess: (response) => {
        message.success(response.message);
        form.resetFields();
      },
    });

  return (
    <Form<ContactRequest> form={form} name="contact-us" layout="vertical" onFinish={submit}>
      {contactUs.isSuccess && (
        <Alert type="success" showIcon title={contactUs.data.message} style={{ marginBottom: 24 }} />
      )}
      {contactUs.isError && (
        <Alert type="error" showIcon title={contactUs.error.message} style={{ marginBottom: 24 }} />
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label="Name" required rules={[zodRule(shape.name)]}>
            <Input autoComplete="name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label="Email" required rules={[zodRule(shape.email)]}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="company" label="Company (optional)" rules={[zodRule(shape.company, { optional: true })]}>
        <Input autoComplete="organization" />
      </Form.Item>
      <Form.Item name="subject" label="Subject" required rules={[zodRule(shape.subject)]}>
        <Input />
      </Form.Item>
      <Form.Item name="message" label="Message" required rules={[zodRule(shape.message)]}>
        <Input.TextArea rows={6} count={{ show: true, max: CONTACT_MESSAGE_MAX_LENGTH }} />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" size="large" loading={contactUs.isPending}>
          Send message
        </Button>
      </Form.Item>
    </Form>
  );
}
