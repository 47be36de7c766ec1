import { Link } from 'react-router';
import { Drawer, Empty, List } from 'antd';
import { DRAWER_WIDTH } from '@finboard/shared/constants';
import { dashboardHref } from './navigation';

/** Spec §2: a right-side drawer titled Dashboard listing the organization's dashboards. */
export function DashboardDrawer(props: { open: boolean; onClose: () => void; dashboards: { name: string }[] }) {
  return (
    <Drawer title="Dashboard" placement="right" size={DRAWER_WIDTH} open={props.open} onClose={props.onClose}>
      {props.dashboards.length === 0 ? (
        <Empty description="No dashboards available for your account." />
      ) : (
        <List
          dataSource={props.dashboards}
          renderItem={(dashboard) => (
            <List.Item>
              <Link to={dashboardHref(dashboard.name)} onClick={props.onClose}>
                {dashboard.name}
              </Link>
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
