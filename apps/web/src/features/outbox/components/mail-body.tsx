import { Typography } from 'antd';
import { splitLinks } from '../mail-text';

/** A plain-text mail as its reader would see it: paragraphs kept, addresses clickable (opened in a new tab). */
export function MailBody({ text }: { text: string }) {
  return (
    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <Typography.Link key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.href}
          </Typography.Link>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Typography.Paragraph>
  );
}
