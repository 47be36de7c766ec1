import { Form, Input } from 'antd';
import { messages } from '@finboard/shared/messages';

/** "Confirm password" that must equal the field it confirms. */
export function PasswordConfirmItem({ passwordField }: { passwordField: string }) {
  return (
    <Form.Item
      label="Confirm password"
      name="confirmPassword"
      dependencies={[passwordField]}
      rules={[
        ({ getFieldValue }) => ({
          validator: async (_rule, value: unknown) => {
            if (!value || value !== getFieldValue(passwordField)) throw new Error(messages.passwordsDoNotMatch);
          },
        }),
      ]}
    >
      <Input.Password autoComplete="new-password" />
    </Form.Item>
  );
}
