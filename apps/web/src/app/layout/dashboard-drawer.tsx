import { Link } from 'react-router';
import { Drawer, Empty, Flex, Typography } from 'antd';
import { HolderOutlined } from '@ant-design/icons';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { DRAWER_WIDTH } from '@finboard/shared/constants';
import { dashboardMessages } from '@finboard/shared/dashboards';
import { dashboardHref } from './navigation';

interface DrawerDashboard {
  id: string;
  name: string;
}

/**
 * Spec §2: a right-side drawer titled Dashboard listing the organization's dashboards, reordered by
 * drag and drop (pointer, or keyboard: focus a handle, Space, arrows, Space).
 */
export function DashboardDrawer(props: {
  open: boolean;
  onClose: () => void;
  dashboards: DrawerDashboard[];
  loading?: boolean;
  error?: string;
  onMove: (activeId: string, overId: string) => void;
}) {
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on a name still follows the link.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // Screen readers hear dashboard names and positions rather than ids.
  const nameOf = (id: UniqueIdentifier) => props.dashboards.find((d) => d.id === id)?.name ?? String(id);
  const positionOf = (id: UniqueIdentifier) => props.dashboards.findIndex((d) => d.id === id) + 1;
  const total = props.dashboards.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} of ${total}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} moved to position ${positionOf(over.id)} of ${total}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${total}.` : undefined,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) props.onMove(String(active.id), String(over.id));
  };

  return (
    <Drawer title="Dashboard" placement="right" size={DRAWER_WIDTH} open={props.open} onClose={props.onClose}>
      {props.error ? (
        <Empty description={props.error} />
      ) : props.dashboards.length === 0 ? (
        <Empty description={props.loading ? 'Loading...' : dashboardMessages.noneAvailable} />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements }}
        >
          <SortableContext items={props.dashboards.map((d) => d.id)} strategy={verticalListSortingStrategy}>
            <ul aria-label="Dashboards" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {props.dashboards.map((dashboard) => (
                <SortableDashboard key={dashboard.id} dashboard={dashboard} onOpen={props.onClose} />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
    </Drawer>
  );
}

function SortableDashboard({ dashboard, onOpen }: { dashboard: DrawerDashboard; onOpen: () => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: dashboard.id,
  });
  return (
    <li
      ref={setNodeRef}
      data-dashboard-id={dashboard.id}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        background: isDragging ? '#eff6ff' : '#fff',
        borderBottom: '1px solid #f1f5f9',
        padding: '10px 4px',
      }}
    >
      <Flex align="center" gap={8}>
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Move ${dashboard.name}`}
          style={{ cursor: 'grab', border: 'none', background: 'transparent', padding: 4, color: '#64748b' }}
        >
          <HolderOutlined />
        </button>
        <Typography.Text ellipsis style={{ flex: 1 }}>
          <Link to={dashboardHref(dashboard.name)} onClick={onOpen}>
            {dashboard.name}
          </Link>
        </Typography.Text>
      </Flex>
    </li>
  );
}
