import type { BootstrapAdmin } from '../apps/server/src/modules/users/users.service.ts';
import { COMPANY } from './generate/company.ts';
import { DEMO_USER, type DemoLoad } from './load-demo.ts';

export interface DemoSummaryInput {
  demo: DemoLoad;
  /** Where the data went: "PGlite in …" or "PostgreSQL". */
  where: string;
  url: string;
  totalSeconds: number;
  /** The platform administrator this run created, if it did: its password is shown nowhere else. */
  admin: BootstrapAdmin | undefined;
}

/** What `npm run demo` prints when it is done: what it loaded and how to sign in. */
export function demoSummary({ demo, where, url, totalSeconds, admin }: DemoSummaryInput): string[] {
  const lines = [
    `Demo organization "${COMPANY.name}" ${demo.organizationCreated ? 'created' : 'refreshed'} (${where}).`,
    ...demo.counts.map(([table, count]) => `  ${table.padEnd(18)} ${count.toLocaleString('en-US').padStart(8)} rows`),
    `  generated in ${demo.generateSeconds.toFixed(1)} s, loaded in ${demo.loadSeconds.toFixed(1)} s, ${totalSeconds.toFixed(1)} s in all`,
    '',
    `Start Finboard (npm start), then sign in at ${url}`,
    `  e-mail    ${DEMO_USER.email}`,
    demo.userCreated
      ? `  password  ${DEMO_USER.password}`
      : `  password  ${DEMO_USER.password} (set when the demo user was created; if it was changed since, use yours)`,
  ];
  if (demo.userElsewhere) lines.push(`  note: ${DEMO_USER.email} belongs to another organization, not the demo one.`);
  if (admin) {
    lines.push(
      '',
      'This run also created the platform administrator (change its password after signing in):',
      `  e-mail    ${admin.email}`,
      `  password  ${admin.password}`,
    );
  }
  return lines;
}
