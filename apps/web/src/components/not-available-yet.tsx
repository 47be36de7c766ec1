import { Result, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';

/** An honest state for a capability that has not been built yet: no fake data. */
export function NotAvailableYet({ title }: { title: string }) {
  return (
    <>
      <Typography.Title level={2}>{title}</Typography.Title>
      <Result
        icon={<ClockCircleOutlined />}
        title="Not available yet"
        subTitle={`${title} is not available in this version of Finboard yet. It is coming in a later release.`}
      />
    </>
  );
}
