import type { Role } from '@finboard/shared/constants';
import { guidePath, type GuideName } from '../../lib/guide-paths';

export type { GuideName };

export interface Guide {
  title: string;
  /** Who may read it: server configuration is for administrators only. */
  role?: Role;
  /** The guide's Markdown, from docs/ at build time: the app shows the very text the repository has. */
  load: () => Promise<string>;
}

export const GUIDES: Record<GuideName, Guide> = {
  'user-guide': {
    title: 'User guide',
    load: async () => (await import('../../../../../docs/user-guide.md?raw')).default,
  },
  operations: {
    title: 'Operations guide',
    role: 'admin',
    load: async () => (await import('../../../../../docs/operations.md?raw')).default,
  },
};

export const isGuideName = (name: string | undefined): name is GuideName =>
  name !== undefined && Object.hasOwn(GUIDES, name);

/** Where a link of a guide goes in the app. */
export type GuideLink =
  | { kind: 'guide'; to: string }
  | { kind: 'anchor'; href: string }
  | { kind: 'external'; href: string }
  /** Another file of the repository (the architecture, the development notes): named, not linked. */
  | { kind: 'repository'; path: string };

/**
 * Resolves a link written for the repository (relative to docs/) to the app: a guide the reader may open
 * becomes its page, a heading of the same guide an anchor, a web address stays, and any other file of
 * the repository is named by its path.
 */
export function resolveGuideLink(href: string, readable: (name: GuideName) => boolean): GuideLink {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return { kind: 'external', href };
  if (href.startsWith('#')) return { kind: 'anchor', href };
  const [file = '', section] = href.split('#');
  const name = /^(?:\.\/)?([a-z-]+)\.md$/.exec(file)?.[1];
  if (isGuideName(name) && readable(name)) return { kind: 'guide', to: guidePath(name, section) };
  const path = file.startsWith('../') ? file.slice(3) : `docs/${file.replace(/^\.\//, '')}`;
  return { kind: 'repository', path };
}
