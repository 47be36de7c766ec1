import type { ComponentType } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Breadcrumb, Button, Flex, Result, Spin, Tabs, Typography } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { consolidationMessages as m } from '@finboard/shared/consolidation';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { useGroup } from './api/get-group';
import { groupChatHref, useParentGroups } from '../../lib/parent-groups';
import { ConsolidatedStatements, type StatementRenderers } from './components/consolidated-statements';
import { GroupForm, type AccountFieldProps } from './components/group-form';
import { CONSOLIDATION_PATH, groupHref } from './page-links';

interface PageProps {
  renderers: StatementRenderers;
  accountField?: ComponentType<AccountFieldProps>;
}

/**
 * /consolidation/new and /consolidation/{id}: a new group's editor, or a group's statements with its editor in a
 * second tab (administrators). The parent organization's users open the statements only.
 */
export default function ConsolidationGroupPage(props: PageProps) {
  const { groupId } = useParams();
  const user = useCurrentUser().data;
  if (!user) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!groupId) return <NewGroup {...props} />;
  if (user.role === 'admin') return <AdminGroup {...props} groupId={groupId} />;
  return <ParentGroup {...props} groupId={groupId} organizationId={user.organization_id ?? undefined} />;
}

function Crumbs({ name }: { name: string }) {
  return (
    <Breadcrumb
      items={[{ title: <Link to={CONSOLIDATION_PATH}>Consolidation</Link> }, { title: name }]}
      style={{ marginBottom: -8 }}
    />
  );
}

function NewGroup({ accountField }: PageProps) {
  const navigate = useNavigate();
  return (
    <Flex vertical gap={16}>
      <Crumbs name="New group" />
      <Typography.Title level={3} style={{ margin: 0 }}>
        New consolidation group
      </Typography.Title>
      <GroupForm
        accountField={accountField}
        onSaved={(group) => void navigate(groupHref(group.id))}
        onCancel={() => void navigate(CONSOLIDATION_PATH)}
      />
    </Flex>
  );
}

function AdminGroup({ groupId, renderers, accountField }: PageProps & { groupId: string }) {
  const [search, setSearch] = useSearchParams();
  const group = useGroup(groupId);
  const editing = search.get('tab') === 'edit';
  const showTab = (tab: string) => {
    const next = new URLSearchParams(search);
    if (tab === 'edit') next.set('tab', 'edit');
    else next.delete('tab');
    setSearch(next, { replace: true });
  };

  if (group.isPending) return <Spin style={{ display: 'block', margin: 48 }} tip="Loading..." />;
  if (group.isError)
    return group.error instanceof ApiError && group.error.status === 404 ? (
      <Result status="404" title={m.notFound} extra={<Link to={CONSOLIDATION_PATH}>Back to the groups</Link>} />
    ) : (
      <Result
        status="error"
        title={group.error.message}
        extra={<Button onClick={() => void group.refetch()}>Try again</Button>}
      />
    );
  const data = group.data;
  return (
    <Flex vertical gap={16}>
      <Crumbs name={data.name} />
      <Flex justify="space-between" align="flex-start" wrap gap={8}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {data.name}
          </Typography.Title>
          <Typography.Text type="secondary">
            {data.members.length} {data.members.length === 1 ? 'member' : 'members'} · parent{' '}
            {data.parentOrganizationName} · reporting currency {data.reportingCurrency}
          </Typography.Text>
        </div>
        <AskChatDb groupId={groupId} parentOrganizationId={data.parentOrganizationId} />
      </Flex>
      <Tabs
        activeKey={editing ? 'edit' : 'statements'}
        onChange={showTab}
        items={[
          {
            key: 'statements',
            label: 'Statements',
            children: (
              <ConsolidatedStatements groupId={groupId} renderers={renderers} canOpenOrganization={() => true} />
            ),
          },
          {
            key: 'edit',
            label: 'Edit',
            children: (
              <GroupForm
                key={data.updatedAt}
                group={data}
                accountField={accountField}
                onSaved={() => showTab('statements')}
              />
            ),
          },
        ]}
      />
    </Flex>
  );
}

/** The parent's users: the group's name from the groups their organization is the parent of; statements only. */
function ParentGroup({
  groupId,
  organizationId,
  renderers,
}: PageProps & { groupId: string; organizationId: string | undefined }) {
  const groups = useParentGroups(organizationId);
  const name = groups.data?.find((group) => group.id === groupId)?.name;
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {name ?? 'Consolidated statements'}
        </Typography.Title>
        {organizationId && <AskChatDb groupId={groupId} parentOrganizationId={organizationId} />}
      </Flex>
      <ConsolidatedStatements
        groupId={groupId}
        renderers={renderers}
        canOpenOrganization={(id) => id === organizationId}
      />
    </Flex>
  );
}

/** Chat DB on the group's consolidated figures. */
function AskChatDb({ groupId, parentOrganizationId }: { groupId: string; parentOrganizationId: string }) {
  const navigate = useNavigate();
  return (
    <Button icon={<MessageOutlined />} onClick={() => void navigate(groupChatHref(groupId, parentOrganizationId))}>
      Ask Chat DB
    </Button>
  );
}
