import { describe, expect, it } from 'vitest';
import type { DemoLoad } from './load-demo.ts';
import { demoSummary } from './summary.ts';

const demo: DemoLoad = {
  organizationId: '5f0c8d3e-1a2b-4c5d-8e9f-0a1b2c3d4e5f',
  organizationCreated: true,
  userCreated: true,
  userElsewhere: false,
  counts: [
    ['00_Period', 24],
    ['02_GL_Detail', 52077],
  ],
  generateSeconds: 0.4,
  loadSeconds: 2.1,
};
const base = { demo, where: 'PostgreSQL', url: 'http://localhost:3000', totalSeconds: 8.2 };

describe('the summary npm run demo prints', () => {
  it('prints the platform administrator it created, with e-mail and password', () => {
    const lines = demoSummary({ ...base, admin: { email: 'admin@finboard.local', password: 'Xy7!generated' } });

    expect(lines.slice(-4)).toEqual([
      '',
      'This run also created the platform administrator (change its password after signing in):',
      '  e-mail    admin@finboard.local',
      '  password  Xy7!generated',
    ]);
  });

  it('prints no administrator when one existed already', () => {
    const lines = demoSummary({ ...base, admin: undefined });

    expect(lines.join('\n')).not.toContain('platform administrator');
    expect(lines).toEqual([
      'Demo organization "Harbor Precision Components" created (PostgreSQL).',
      '  00_Period                24 rows',
      '  02_GL_Detail         52,077 rows',
      '  generated in 0.4 s, loaded in 2.1 s, 8.2 s in all',
      '',
      'Start Finboard (npm start), then sign in at http://localhost:3000',
      '  e-mail    demo@harborprecision.example',
      '  password  Harbor!Demo2024',
    ]);
  });
});
