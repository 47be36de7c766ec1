import type { ThemeConfig } from 'antd';

/** Whether the reader asked their system for less motion (an accessibility setting). */
const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1d4ed8',
    colorLink: '#1d4ed8',
    borderRadius: 8,
    fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    // Drawers, modals, menus and messages appear without their animations for readers who asked for less motion.
    motion: !prefersReducedMotion(),
  },
};
