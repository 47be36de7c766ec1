import { Link } from 'react-router';
import { Drawer, Empty, Flex, Typography } from 'antd';
import { DRAWER_WIDTH } from '@finboard/shared/constants';
import { dashboardMessages } from '@finboard/shared/dashboards';
import { SortableList } from '../../components/sortable-list';
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
  return (
    <Drawer
      title="Dashboard"
      placement="right"
      // Spec §9's 400 px, or the whole width of a narrower phone.
      size={`min(${DRAWER_WIDTH}px, 100vw)`}
      open={props.open}
      onClose={props.onClose}
    >
      {props.error ? (
        <Empty description={props.error} />
      ) : props.dashboards.length === 0 ? (
        <Empty description={props.loading ? 'Loading...' : dashboardMessages.noneAvailable} />
      ) : (
        <SortableList
          items={props.dashboards}
          idOf={(dashboard) => dashboard.id}
          nameOf={(dashboard) => dashboard.name}
          label="Dashboards"
          handleLabel={(name) => `Move ${name}`}
          onMove={props.onMove}
          rowStyle={(isDragging) => ({
            background: isDragging ? '#eff6ff' : '#fff',
            borderBottom: '1px solid #f1f5f9',
            padding: '10px 4px',
          })}
          renderItem={(dashboard, _index, handle) => (
            <Flex align="center" gap={8}>
              {handle}
              <Typography.Text ellipsis style={{ flex: 1 }}>
                <Link to={dashboardHref(dashboard.name)} onClick={props.onClose}>
                  {dashboard.name}
                </Link>
              </Typography.Text>
            </Flex>
          )}
        />
      )}
    </Drawer>
  );
}
