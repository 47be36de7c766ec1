import type { ReactNode } from 'react';
import { ConfigProvider, Typography } from 'antd';

/** Long-form reading is easier at 16px; only these pages change the base size. */
const readingTheme = { token: { fontSize: 16 } };

interface TextPageProps {
  title: string;
  /** A short line under the title, e.g. the effective date of a legal document. */
  meta?: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}

/** Layout of the public site's text pages: exactly one h1, a comfortable line length, h2 sections. */
export function TextPage({ title, meta, lead, children }: TextPageProps) {
  return (
    <ConfigProvider theme={readingTheme}>
      <Typography style={{ maxWidth: 800, margin: '0 auto', padding: '48px 24px 80px' }}>
        <Typography.Title level={1} style={{ marginBottom: meta ? 8 : undefined }}>
          {title}
        </Typography.Title>
        {meta && <Typography.Paragraph type="secondary">{meta}</Typography.Paragraph>}
        {lead && <Typography.Paragraph style={{ fontSize: 18, color: '#334155' }}>{lead}</Typography.Paragraph>}
        {children}
      </Typography>
    </ConfigProvider>
  );
}

interface TextSectionProps {
  title: string;
  id?: string;
  children: ReactNode;
}

export function TextSection({ title, id, children }: TextSectionProps) {
  return (
    <section id={id} style={{ marginTop: 40 }}>
      <Typography.Title level={2} style={{ fontSize: 24 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}
