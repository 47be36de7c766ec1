import { App, Button, Popconfirm } from 'antd';
import { ApiOutlined, DisconnectOutlined, SyncOutlined } from '@ant-design/icons';
import {
  ACCOUNTING_SYSTEM_NAMES,
  accountingMessages,
  type AccountingAccount,
  type AccountingSystem,
} from '@finboard/shared/accounting';
import { useUpdateConnectionStatus } from '../api/update-connection-status';

/**
 * A connection card's buttons, the same for every system: connect (or connect again), and while the
 * connection is usable Sync now and Disconnect (confirmed; it forgets the credentials).
 */
export function ConnectionActions(props: {
  system: AccountingSystem;
  account: AccountingAccount | undefined;
  /** The connect button's label, first time and again ("Connect" / "Reconnect", "Add Connection" / …). */
  connectLabels: [first: string, again: string];
  onConnect: () => void;
  connecting?: boolean;
  connectDisabled?: boolean;
  onSync: (account: AccountingAccount) => void;
  syncing: boolean;
  /** What Disconnect forgets ("Its tokens are", "Its certificate is"…). */
  forgets: string;
}) {
  const { system, account } = props;
  const { message } = App.useApp();
  const status = useUpdateConnectionStatus();
  const usable = account && account.status !== 'disconnected';
  const onDisconnect = () =>
    account &&
    status.mutate(
      { system, id: account.id, accountStatus: 'disconnected' },
      {
        onSuccess: () => void message.success(accountingMessages.statusUpdated),
        onError: (error) => void message.error(error.message),
      },
    );
  return (
    <>
      <Button
        type={usable ? 'default' : 'primary'}
        icon={<ApiOutlined />}
        loading={props.connecting}
        disabled={props.connectDisabled}
        onClick={props.onConnect}
      >
        {usable ? props.connectLabels[1] : props.connectLabels[0]}
      </Button>
      {usable && (
        <Button
          type="primary"
          icon={<SyncOutlined />}
          loading={props.syncing || account.status === 'syncing'}
          onClick={() => props.onSync(account)}
        >
          Sync now
        </Button>
      )}
      {usable && (
        <Popconfirm
          title={`Disconnect ${ACCOUNTING_SYSTEM_NAMES[system]}?`}
          description={`${props.forgets} forgotten; the lines already synced stay.`}
          okText="Disconnect"
          okButtonProps={{ danger: true }}
          onConfirm={onDisconnect}
        >
          <Button danger icon={<DisconnectOutlined />} loading={status.isPending}>
            Disconnect
          </Button>
        </Popconfirm>
      )}
    </>
  );
}
