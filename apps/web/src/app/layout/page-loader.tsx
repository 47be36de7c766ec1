import { Flex, Spin } from 'antd';

export const PageLoader = () => (
  <Flex align="center" justify="center" style={{ minHeight: '60vh' }}>
    <Spin size="large" aria-label="Loading" />
  </Flex>
);
