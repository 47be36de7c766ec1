import { describe, expect, it } from 'vitest';
import { resolveGuideLink } from './guides';

const everyGuide = () => true;
const userGuideOnly = (name: string) => name === 'user-guide';

describe('resolveGuideLink', () => {
  it('opens a guide the reader may read as its page, with the section', () => {
    expect(resolveGuideLink('operations.md#configuration', everyGuide)).toEqual({
      kind: 'guide',
      to: '/guides/operations#configuration',
    });
    expect(resolveGuideLink('./user-guide.md', everyGuide)).toEqual({ kind: 'guide', to: '/guides/user-guide' });
  });

  it('names a guide the reader may not read, and any other file, by its path in the repository', () => {
    expect(resolveGuideLink('operations.md#logs', userGuideOnly)).toEqual({
      kind: 'repository',
      path: 'docs/operations.md',
    });
    expect(resolveGuideLink('architecture.md#6-jobs', everyGuide)).toEqual({
      kind: 'repository',
      path: 'docs/architecture.md',
    });
    expect(resolveGuideLink('../README.md', everyGuide)).toEqual({ kind: 'repository', path: 'README.md' });
  });

  it('keeps anchors of the same guide and web addresses', () => {
    expect(resolveGuideLink('#logs', everyGuide)).toEqual({ kind: 'anchor', href: '#logs' });
    expect(resolveGuideLink('https://www.postgresql.org/docs/', everyGuide)).toEqual({
      kind: 'external',
      href: 'https://www.postgresql.org/docs/',
    });
  });
});
