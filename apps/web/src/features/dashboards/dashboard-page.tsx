import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { Empty, Flex, Result, Spin, Typography } from 'antd';
import { dashboardMessages } from '@finboard/shared/dashboards';
import { AdminOrganizationPicker } from '../../components/organization-select';
import { useOrganization } from '../../lib/organization-detail';
import { usePageOrganization } from '../../lib/page-organization';
import { BuiltinReport } from './components/builtin-report';
import './dashboard-print.css';

// Power BI's client is large: only a Power BI entry loads it.
const PowerbiReport = lazy(() => import('./components/powerbi-report'));

/**
 * /dashboard?name=… (spec §2): the organization's dashboard of that name — a built-in statement drawn
 * from the reports API, or a Power BI report embedded. Without a name, the first dashboard the reader
 * may see. Organization users see their own organization's; an administrator picks one.
 */
export default function DashboardPage() {
  const [search, setSearch] = useSearchParams();
  const name = search.get('name') ?? undefined;
  const { isAdmin, picked, organizationId } = usePageOrganization();
  const organization = useOrganization(organizationId);
  const dashboards = organization.data?.organization.dashboards ?? [];
  const entry = name === undefined ? dashboards[0] : dashboards.find((dashboard) => dashboard.name === name);

  const pickOrganization = (id: string | undefined) => {
    // Another organization's dashboards have other names and filters: start from its first one.
    const next = new URLSearchParams();
    if (id) next.set('organization', id);
    setSearch(next);
  };

  let body: React.ReactNode;
  if (!organizationId) body = isAdmin ? <Empty description="Choose an organization to see its dashboards" /> : null;
  else if (organization.isPending)
    body = <Spin tip="Loading..." fullscreen={false} style={{ display: 'block', margin: 48 }} />;
  else if (organization.isError) body = <Result status="error" title={dashboardMessages.loadFailed} />;
  else if (!entry)
    body = (
      <Result
        status="404"
        title={dashboards.length === 0 ? dashboardMessages.noneAvailable : dashboardMessages.notFound}
      />
    );
  else if (entry.type === 'builtin' && entry.template)
    body = (
      <BuiltinReport
        key={entry.id}
        organizationId={organizationId}
        organizationName={organization.data?.organization.name}
        title={entry.name}
        template={entry.template}
      />
    );
  else
    body = (
      <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
        <PowerbiReport
          key={entry.id}
          title={entry.name}
          target={{
            workspaceId: entry.workspaceId,
            url: entry.url,
            type: entry.type,
            userEmail: organization.data?.organization.powerbiEmail ?? undefined,
          }}
        />
      </Suspense>
    );

  return (
    <Flex vertical gap={8} className="dashboard-page">
      {isAdmin && (
        <div className="dashboard-no-print">
          <AdminOrganizationPicker
            value={picked ?? search.get('organization') ?? undefined}
            onChange={pickOrganization}
          />
        </div>
      )}
      {!entry && <Typography.Title level={3}>Dashboard</Typography.Title>}
      {body}
    </Flex>
  );
}
