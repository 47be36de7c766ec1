import { useState } from 'react';
import { Card, Flex, Result, Steps, Typography } from 'antd';
import { Link } from 'react-router';
import type { OnboardingStep } from '@finboard/shared/onboarding';
import { AdminOrganizationPicker } from '../../components/organization-select';
import { withOrganization } from '../../lib/organization-link';
import { usePageOrganization } from '../../lib/page-organization';
import { useOnboardingStatus } from './api/get-onboarding-status';
import { DatabaseStep } from './components/database-step';
import { DataFactoryStep } from './components/data-factory-step';
import { StorageStep } from './components/storage-step';

const SUMMARY_LABELS = { storage: 'Container', database: 'Database', 'data-factory': 'Data factory' } as const;
const STATUS_OF_STATE = { 'not started': 'wait', done: 'finish', failed: 'error' } as const;

/**
 * Org - Onboarding (issue 14): an administrator sets a new client up step by step — its storage
 * container, its warehouse database, its data factory (pipelines) — and ends on a summary with links to the organization's pages.
 */
export default function OrgOnboardingPage() {
  const { organizationId, picked, setPicked } = usePageOrganization();
  const status = useOnboardingStatus(organizationId);
  const [current, setCurrent] = useState(0);
  const stepOf = (step: OnboardingStep) => status.data?.find((entry) => entry.step === step);

  const steps = [
    { title: 'Storage', step: 'storage' as const },
    { title: 'Database', step: 'database' as const },
    { title: 'Data Factory', step: 'data-factory' as const },
    { title: 'Summary' },
  ];

  return (
    <>
      <Typography.Title level={2}>Org - Onboarding</Typography.Title>
      <AdminOrganizationPicker value={picked} onChange={setPicked} />
      {!organizationId ? (
        <Result status="info" title="Choose the organization to onboard" />
      ) : (
        <Card>
          <Steps
            current={current}
            onChange={setCurrent}
            style={{ marginBottom: 24 }}
            items={steps.map(({ title, step }) => ({
              title,
              status: step ? STATUS_OF_STATE[stepOf(step)?.state ?? 'not started'] : undefined,
            }))}
          />
          {current === 0 && (
            <StorageStep key={organizationId} organizationId={organizationId} status={stepOf('storage')} />
          )}
          {current === 1 && (
            <DatabaseStep key={organizationId} organizationId={organizationId} status={stepOf('database')} />
          )}
          {current === 2 && (
            <DataFactoryStep
              key={organizationId}
              organizationId={organizationId}
              status={stepOf('data-factory')}
              containerName={stepOf('storage')?.state === 'done' ? stepOf('storage')?.resourceName : undefined}
              databaseName={stepOf('database')?.state === 'done' ? stepOf('database')?.resourceName : undefined}
            />
          )}
          {current === 3 && (
            <Flex vertical gap={8}>
              {(['storage', 'database', 'data-factory'] as const).map((step) => (
                <Typography.Text key={step}>
                  {SUMMARY_LABELS[step]}: {stepOf(step)?.resourceName ?? '—'} ({stepOf(step)?.state ?? 'not started'})
                </Typography.Text>
              ))}
              <Link to={`/organizations/${organizationId}`}>Organization</Link>
              <Link to={withOrganization('/data-management', organizationId)}>Data Management Studio</Link>
              <Link to={withOrganization('/pipelines', organizationId)}>Pipelines</Link>
            </Flex>
          )}
        </Card>
      )}
    </>
  );
}
