import type { ReactNode } from 'react';
import { Alert } from 'antd';

/** The mapped API error of a form (spec §8), announced to screen readers. */
export function FormError({ error, action }: { error: Error | null; action?: ReactNode }) {
  if (!error) return null;
  return (
    <Alert type="error" role="alert" showIcon title={error.message} description={action} style={{ marginBottom: 16 }} />
  );
}
