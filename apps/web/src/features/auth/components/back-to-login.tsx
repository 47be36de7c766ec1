import { Link } from 'react-router';
import { Typography } from 'antd';

export const BackToLogin = () => (
  <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16 }}>
    <Link to="/login">Back to log in</Link>
  </Typography.Paragraph>
);
