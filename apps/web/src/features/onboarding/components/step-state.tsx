import { Alert, Tag, Typography } from 'antd';
import type { OnboardingStepStatus } from '@finboard/shared/onboarding';

const COLORS = { 'not started': 'default', done: 'success', failed: 'error' } as const;

/** A step's state, its resource and when it last ran; a failed one with its reason. */
export function StepState({ status }: { status: OnboardingStepStatus | undefined }) {
  if (!status) return null;
  return (
    <div style={{ marginBottom: 16 }} data-testid={`step-state-${status.step}`}>
      <Tag color={COLORS[status.state]}>{status.state}</Tag>
      {status.resourceName && <Typography.Text strong>{status.resourceName}</Typography.Text>}
      {status.at && <Typography.Text type="secondary"> · {new Date(status.at).toLocaleString()}</Typography.Text>}
      {status.state === 'done' && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          Done. Running this step again is harmless: what exists is kept and only what is missing is added.
        </Typography.Paragraph>
      )}
      {status.state === 'failed' && status.reason && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 8 }}
          message="The last run failed"
          description={status.reason}
        />
      )}
    </div>
  );
}
