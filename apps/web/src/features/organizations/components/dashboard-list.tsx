import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { App, Button, Empty, Flex, Popconfirm, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, HolderOutlined } from '@ant-design/icons';
import { DASHBOARD_TYPE_LABELS, dashboardMessages, type Dashboard } from '@finboard/shared/dashboards';
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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const next = over && moveById(dashboards, String(active.id), String(over.id));
    if (!next) return;
    reorder.mutate(
      { organizationId, dashboardIds: next.map((dashboard) => dashboard.id) },
      {
        onSuccess: () => void message.success(dashboardMessages.updated),
        onError: () => void message.error(dashboardMessages.updateFailed),
      },
    );
  };

  if (dashboards.length === 0) return <Empty description="No dashboards yet" />;

  const nameOf = (id: string | number) => dashboards.find((dashboard) => dashboard.id === id)?.dashboard ?? '';
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up dashboard ${nameOf(active.id)}.`,
          onDragOver: ({ active, over }) =>
            over ? `Dashboard ${nameOf(active.id)} is over ${nameOf(over.id)}.` : undefined,
          onDragEnd: ({ active, over }) =>
            over ? `Dashboard ${nameOf(active.id)} was dropped at the place of ${nameOf(over.id)}.` : undefined,
          onDragCancel: ({ active }) => `Moving dashboard ${nameOf(active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={dashboards.map((dashboard) => dashboard.id)} strategy={verticalListSortingStrategy}>
        <ol aria-label="Dashboards" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {dashboards.map((dashboard, index) => (
            <SortableDashboard
              key={dashboard.id}
              dashboard={dashboard}
              position={index + 1}
              onEdit={() => onEdit(dashboard)}
              onDelete={() =>
                remove.mutate(
                  { organizationId, dashboardId: dashboard.id },
                  {
                    onSuccess: (response) => void message.success(response.message),
                    onError: (error) => void message.error(error.message),
                  },
                )
              }
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableDashboard(props: {
  dashboard: Dashboard;
  position: number;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { dashboard } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: dashboard.id,
  });
  return (
    <li
      ref={setNodeRef}
      data-testid="dashboard-row"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        background: isDragging ? '#f1f5f9' : '#fff',
        border: '1px solid #e2e8f0',
        borderRadius: 6,
        padding: '8px 12px',
        marginBottom: 8,
      }}
    >
      <Flex align="center" gap={12}>
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${dashboard.dashboard}`}
          style={{
            cursor: isDragging ? 'grabbing' : 'grab',
            border: 'none',
            background: 'transparent',
            padding: 4,
            touchAction: 'none',
          }}
        >
          <HolderOutlined />
        </button>
        <Typography.Text type="secondary" style={{ minWidth: 20 }}>
          {props.position}.
        </Typography.Text>
        <Flex vertical style={{ flex: 1, minWidth: 0 }}>
          <Flex gap={8} align="center">
            <Typography.Text strong>{dashboard.dashboard}</Typography.Text>
            <Tag>{DASHBOARD_TYPE_LABELS[dashboard.type]}</Tag>
          </Flex>
          <Typography.Text type="secondary" ellipsis={{ tooltip: dashboard.url }} style={{ fontSize: 12 }}>
            {dashboard.url}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Workspace {dashboard.workspaceId} · Dataset {dashboard.datasetId}
          </Typography.Text>
        </Flex>
        <Button icon={<EditOutlined />} aria-label={`Edit ${dashboard.dashboard}`} onClick={props.onEdit} />
        <Popconfirm
          title="Are you sure you want to delete this record?"
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={props.onDelete}
        >
          <Button danger icon={<DeleteOutlined />} aria-label={`Delete ${dashboard.dashboard}`} />
        </Popconfirm>
      </Flex>
    </li>
  );
}
