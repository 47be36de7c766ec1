import { Grid } from 'antd';

/**
 * Phones and narrow windows (below Ant Design's `md`, 768 px): the navigation folds into a drawer and
 * the header keeps only what fits. Until the breakpoints are measured the wide layout is assumed.
 */
export function useCompactLayout(): boolean {
  return Grid.useBreakpoint().md === false;
}
