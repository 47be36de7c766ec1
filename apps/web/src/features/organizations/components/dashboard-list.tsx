import { App, Button, Empty, Flex, Popconfirm, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { DASHBOARD_TYPE_LABELS, dashboardMessages, type Dashboard } from '@finboard/shared/dashboards';
import { REPORT_TEMPLATE_LABELS } from '@finboard/shared/reports';
import { SortableList } from '../../../components/sortable-list';
import { useDeleteDashboard } from '../api/delete-dashboard';
import { useReorderDashboards } from '../api/reorder-dashboards';
import { moveById } from '../dashboard-order';

interface DashboardListProps {
  organizationId: string;
  dashboards: Dashboard[];
  onEdit: (dashboard: Dashboard) => void;
}

/**
 * The organization's dashboards in display order. Drag a row by its handle, or focus the handle and
 * use Space, the arrow keys and Space again; the new order applies at once and is saved (spec §4).
 */
export function DashboardList({ organizationId, dashboards, onEdit }: DashboardListProps) {
  const { message } = App.useApp();
  const reorder = useReorderDashboards();
  const remove = useDeleteDashboard();

  const onMove = (activeId: string, overId: string) => {
    const next = moveById(dashboards, activeId, overId);
    if (!next) return;
    reorder.mutate(
      { organizationId, dashboardIds: next.map((dashboard) => dashboard.id) },
      {
        onSuccess: () => void message.success(dashboardMessages.updated),
        onError: () => void message.error(dashboardMessages.updateFailed),
      },
    );
  };

  const onDelete = (dashboard: Dashboard) =>
    remove.mutate(
      { organizationId, dashboardId: dashboard.id },
      {
        onSuccess: (response) => void message.success(response.message),
        onError: (error) => void message.error(error.message),
      },
    );

  if (dashboards.length === 0) return <Empty description="No dashboards yet" />;

  return (
    <SortableList
      items={dashboards}
      idOf={(dashboard) => dashboard.id}
      nameOf={(dashboard) => dashboard.dashboard}
      label="Dashboards"
      handleLabel={(name) => `Reorder ${name}`}
      onMove={onMove}
      rowStyle={(isDragging) => ({
        background: isDragging ? '#f1f5f9' : '#fff',
        border: '1px solid #e2e8f0',
        borderRadius: 6,
        padding: '8px 12px',
        marginBottom: 8,
      })}
      renderItem={(dashboard, index, handle) => (
        <Flex align="center" gap={12} data-testid="dashboard-row">
          {handle}
          <Typography.Text type="secondary" style={{ minWidth: 20 }}>
            {index + 1}.
          </Typography.Text>
          <Flex vertical style={{ flex: 1, minWidth: 0 }}>
            <Flex gap={8} align="center">
              <Typography.Text strong>{dashboard.dashboard}</Typography.Text>
              <Tag>{DASHBOARD_TYPE_LABELS[dashboard.type]}</Tag>
            </Flex>
            {dashboard.template ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {REPORT_TEMPLATE_LABELS[dashboard.template]}, drawn from the organization’s ledger
              </Typography.Text>
            ) : (
              <>
                <Typography.Text type="secondary" ellipsis={{ tooltip: dashboard.url }} style={{ fontSize: 12 }}>
                  {dashboard.url}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Workspace {dashboard.workspaceId} · Dataset {dashboard.datasetId}
                </Typography.Text>
              </>
            )}
          </Flex>
          <Button
            icon={<EditOutlined />}
            aria-label={`Edit ${dashboard.dashboard}`}
            onClick={() => onEdit(dashboard)}
          />
          <Popconfirm
            title="Are you sure you want to delete this record?"
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(dashboard)}
          >
            <Button danger icon={<DeleteOutlined />} aria-label={`Delete ${dashboard.dashboard}`} />
          </Popconfirm>
        </Flex>
      )}
    />
  );
}
