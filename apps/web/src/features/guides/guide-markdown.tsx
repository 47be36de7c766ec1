import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import Markdown, { type Components } from 'react-markdown';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import { Typography } from 'antd';
import { resolveGuideLink, type GuideName } from './guides';
import './guide-markdown.css';

/** The guides' screenshots, by their path relative to docs/ ("screenshots/pipelines.png"). */
const SCREENSHOTS = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('../../../../../docs/screenshots/*.png', {
      eager: true,
      query: '?url',
      import: 'default',
    }),
  ).map(([file, url]) => [file.slice(file.indexOf('screenshots/')), url]),
);

function GuideAnchor({
  href = '',
  children,
  readable,
}: ComponentProps<'a'> & { readable: (name: GuideName) => boolean }) {
  const link = resolveGuideLink(href, readable);
  switch (link.kind) {
    case 'guide':
      return <Link to={link.to}>{children}</Link>;
    case 'anchor':
      return <a href={link.href}>{children}</a>;
    case 'external':
      return (
        <a href={link.href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      );
    case 'repository':
      return (
        <Typography.Text title={`In the repository: ${link.path}`}>
          {children} (<Typography.Text code>{link.path}</Typography.Text>)
        </Typography.Text>
      );
  }
}

/**
 * A guide of docs/ as the repository shows it (GitHub-flavoured Markdown: tables, headings with GitHub's
 * anchors), its links resolved for the app and its screenshots served with the app. Raw HTML in the
 * Markdown is not rendered.
 */
export function GuideMarkdown({ markdown, readable }: { markdown: string; readable: (name: GuideName) => boolean }) {
  const components: Components = {
    a: ({ node: _node, ...props }) => <GuideAnchor {...props} readable={readable} />,
    img: ({ node: _node, src, alt }) => {
      const url = typeof src === 'string' ? SCREENSHOTS[src] : undefined;
      return url ? (
        <img src={url} alt={alt ?? ''} loading="lazy" />
      ) : (
        <Typography.Text type="secondary">{alt}</Typography.Text>
      );
    },
  };
  return (
    <Typography className="guide-markdown">
      <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSlug]} components={components}>
        {markdown}
      </Markdown>
    </Typography>
  );
}
