import { Alert } from 'antd';

/** The mapped API error of a form or section (spec §8), announced to screen readers. */
export function FormError({ error }: { error: { message: string } | null }) {
  if (!error) return null;
  return <Alert type="error" role="alert" showIcon title={error.message} style={{ marginBottom: 16 }} />;
}
