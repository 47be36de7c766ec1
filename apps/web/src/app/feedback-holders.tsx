import { useEffect } from 'react';
import { message, Modal, notification } from 'antd';
import type { useAppProps as FeedbackApi } from 'antd/es/app/context';

/**
 * What Ant Design's App renders for App.useApp(): the holders of its message, notification and modal
 * hooks, here in a chunk of its own that app-feedback.tsx loads once the first page is in.
 */
export default function FeedbackHolders({ onReady }: { onReady: (api: FeedbackApi) => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();

  useEffect(() => {
    onReady({ message: messageApi, notification: notificationApi, modal: modalApi });
  }, [onReady, messageApi, notificationApi, modalApi]);

  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
