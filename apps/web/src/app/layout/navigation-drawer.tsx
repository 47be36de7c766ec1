import { Drawer, Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { DRAWER_WIDTH } from '@finboard/shared/constants';

/**
 * The main navigation on a compact screen: a left drawer opened by the header's menu button, with the
 * same items as the wide header's menu. Choosing a page closes it.
 */
export function NavigationDrawer(props: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  items: MenuProps['items'];
  selectedKeys: string[];
}) {
  return (
    <Drawer
      title={props.title}
      placement="left"
      // Never wider than the phone it is on.
      size={`min(${DRAWER_WIDTH}px, 85vw)`}
      open={props.open}
      onClose={props.onClose}
      styles={{ body: { padding: 0 } }}
    >
      <Menu
        mode="inline"
        aria-label="Main navigation"
        selectedKeys={props.selectedKeys}
        items={props.items}
        onClick={props.onClose}
        style={{ borderInlineEnd: 'none' }}
      />
    </Drawer>
  );
}
