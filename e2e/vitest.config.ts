import { defineProject } from 'vitest/config';

/** User journeys in real Chromium against the built app (see global-setup.ts). */
export default defineProject({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // A page's answer after a reload or a save can take seconds on a busy CI machine; vitest's default is 1 s.
    expect: { poll: { timeout: 10_000 } },
    // One browser at a time: two cores, and the journeys share one server.
    fileParallelism: false,
  },
});
