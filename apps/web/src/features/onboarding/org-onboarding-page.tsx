import { useState, type ReactNode } from 'react';
import { Button, Card, Flex, Spin, Steps, Typography } from 'antd';
import { Link } from 'react-router';
import { suggestedResourceNames, type OnboardingStep } from '@finboard/shared/onboarding';
import { AdminOrganizationPicker } from '../../components/organization-select';
import { useOrganization } from '../../lib/organization-detail';
import { withOrganization } from '../../lib/organization-link';
import { usePageOrganization } from '../../lib/page-organization';
import { useOnboardingStatus } from './api/get-onboarding-status';
import { DatabaseStep } from './components/database-step';
import { DataFactoryStep } from './components/data-factory-step';
import { StorageStep } from './components/storage-step';

const SUMMARY_LABELS = { storage: 'Container', database: 'Database', 'data-factory': 'Data factory' } as const;
const STATUS_OF_STATE = { 'not started': 'wait', done: 'finish', failed: 'error' } as const;

const LAST_STEP = 4;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Org - Onboarding: an administrator chooses the organization or adds a new one, sets it up step by step —
 * its storage container, its warehouse database, its data factory (pipelines), each name proposed from the
 * organization's — moving with Next and Back or the steps themselves, and ends on a summary of what exists
 * (the three resources, the dashboards its users see, its users) with links to the organization's pages. `addOrganization` is the organizations feature's
 * Add Organization button (composed by the app shell), told what to do with the organization it adds.
 */
export default function OrgOnboardingPage(props: {
  addOrganization: (onCreated: (organizationId: string) => void) => ReactNode;
}) {
  const { organizationId, picked, setPicked } = usePageOrganization();
  const status = useOnboardingStatus(organizationId);
  const organization = useOrganization(organizationId).data?.organization;
  const suggested = organization ? suggestedResourceNames(organization.name) : undefined;
  // Opened for an organization (`?organization=`): its first step is storage.
  const [current, setCurrent] = useState(organizationId ? 1 : 0);
  const stepOf = (step: OnboardingStep) => status.data?.find((entry) => entry.step === step);
  const choose = (id: string | undefined) => {
    setPicked(id);
    if (id) setCurrent(1);
  };

  const steps = [
    { title: 'Organization' },
    { title: 'Storage', step: 'storage' as const },
    { title: 'Database', step: 'database' as const },
    { title: 'Data Factory', step: 'data-factory' as const },
    { title: 'Summary' },
  ];

  return (
    <>
      <Typography.Title level={2}>Org - Onboarding</Typography.Title>
      <Card>
        <Steps
          current={current}
          onChange={setCurrent}
          style={{ marginBottom: 24 }}
          items={steps.map(({ title, step }, index) => ({
            title,
            // The steps after the first need the organization.
            disabled: index > 0 && !organizationId,
            status: step
              ? STATUS_OF_STATE[stepOf(step)?.state ?? 'not started']
              : index === 0 && organizationId
                ? 'finish'
                : undefined,
          }))}
        />
        {current === 0 && (
          <Flex vertical gap={8} align="flex-start">
            <Typography.Text>Choose the organization to onboard, or add a new one.</Typography.Text>
            <AdminOrganizationPicker value={picked} onChange={choose} />
            {props.addOrganization(choose)}
          </Flex>
        )}
        {organizationId && !suggested && current > 0 && <Spin aria-label="Loading the organization" />}
        {organizationId && suggested && (
          <>
            {current === 1 && (
              <StorageStep
                key={organizationId}
                organizationId={organizationId}
                status={stepOf('storage')}
                suggestedName={suggested.containerName}
              />
            )}
            {current === 2 && (
              <DatabaseStep
                key={organizationId}
                organizationId={organizationId}
                status={stepOf('database')}
                suggestedName={suggested.databaseName}
              />
            )}
            {current === 3 && (
              <DataFactoryStep
                key={organizationId}
                organizationId={organizationId}
                status={stepOf('data-factory')}
                containerName={stepOf('storage')?.state === 'done' ? stepOf('storage')?.resourceName : undefined}
                databaseName={stepOf('database')?.state === 'done' ? stepOf('database')?.resourceName : undefined}
                suggestedName={suggested.dataFactoryName}
              />
            )}
            {current === LAST_STEP && organization && (
              <Flex vertical gap={8} aria-label="Onboarding summary" role="region">
                {(['storage', 'database', 'data-factory'] as const).map((step) => (
                  <Typography.Text key={step}>
                    {SUMMARY_LABELS[step]}: {stepOf(step)?.resourceName ?? '—'} ({stepOf(step)?.state ?? 'not started'})
                  </Typography.Text>
                ))}
                <Typography.Text>
                  Dashboards: {plural(organization.dashboards.length, 'dashboard', 'dashboards')}
                  {organization.dashboards.length > 0 &&
                    ` (${organization.dashboards.map((dashboard) => dashboard.name).join(', ')})`}
                </Typography.Text>
                <Typography.Text>
                  Users: {plural(organization.userCount, 'user', 'users')}{' '}
                  <Link to={`${withOrganization('/users', organizationId)}&add=1`}>Add a user</Link>
                </Typography.Text>
                <Link to={`/organizations/${organizationId}`}>Organization</Link>
                <Link to={withOrganization('/data-management', organizationId)}>Data Management Studio</Link>
                <Link to={withOrganization('/pipelines', organizationId)}>Pipelines</Link>
                <Link to={withOrganization('/file-upload', organizationId)}>Upload files</Link>
              </Flex>
            )}
          </>
        )}
        <Flex justify="space-between" style={{ marginTop: 24 }}>
          <Button onClick={() => setCurrent(current - 1)} disabled={current === 0}>
            Back
          </Button>
          {current < LAST_STEP && (
            <Button type="primary" ghost onClick={() => setCurrent(current + 1)} disabled={!organizationId}>
              Next
            </Button>
          )}
        </Flex>
      </Card>
    </>
  );
}
