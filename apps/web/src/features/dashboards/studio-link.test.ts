import { describe, expect, it } from 'vitest';
import { filtersParamSchema } from '@finboard/shared/data-management';
import { drillOfCell, studioHrefOfDrill } from './studio-link';

const drill = { accountCode: '4000', from: '2025-01', to: '2025-03', entity: 'US', department: undefined };

describe('the Studio link of a drill-down', () => {
  it('opens the GL table filtered as the figure is, in the URL parameters the Studio reads', () => {
    const href = studioHrefOfDrill(drill, 'org-1');
    expect(href.startsWith('/data-management?')).toBe(true);
    const search = new URLSearchParams(href.split('?')[1]);
    // The Studio reads `filters` with this very schema (studio-url-state.ts).
    expect({
      organization: search.get('organization'),
      table: search.get('table'),
      filters: filtersParamSchema.parse(search.get('filters')),
    }).toEqual({
      organization: 'org-1',
      table: '02_GL_Detail',
      filters: [
        { column: 'period', op: 'between', value: '2025-01', valueTo: '2025-03' },
        { column: 'account_code', op: 'eq', value: '4000' },
        { column: 'entity', op: 'eq', value: 'US' },
      ],
    });
  });

  it('narrows a month column’s figure to that month, and leaves other columns the row’s range', () => {
    expect(drillOfCell(drill, '2025-02')).toMatchObject({ from: '2025-02', to: '2025-02' });
    expect(drillOfCell(drill, 'budget')).toMatchObject({ from: '2025-01', to: '2025-03' });
    expect(drillOfCell(drill, '2024-12')).toMatchObject({ from: '2025-01', to: '2025-03' });
  });
});
