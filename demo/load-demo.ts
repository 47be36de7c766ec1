import type { FastifyInstance } from 'fastify';
import { organizationListQuerySchema } from '@finboard/shared/organizations';
import type { Principal } from '../apps/server/src/modules/auth/principal.ts';
import { hashPassword } from '../apps/server/src/platform/crypto/passwords.ts';
import { COMPANY, DEMO_USER } from './generate/company.ts';
import { demoTables, generateDemoData } from './generate/demo-data.ts';

export { DEMO_USER };

export class DemoRefused extends Error {}

export interface DemoLoad {
  organizationId: string;
  organizationCreated: boolean;
  userCreated: boolean;
  /** The demo e-mail belongs to a user of another organization (left as it is). */
  userElsewhere: boolean;
  counts: [table: string, rows: number][];
  generateSeconds: number;
  loadSeconds: number;
}

const since = (start: number) => (performance.now() - start) / 1000;

/**
 * Creates the demo organization (or finds it by name) through the organizations service, fills its
 * warehouse with freshly generated books — replacing what a previous run left — and adds the demo
 * user unless that e-mail exists. Acts as the platform's first active administrator.
 */
export async function loadDemo(app: FastifyInstance, options: { today?: Date } = {}): Promise<DemoLoad> {
  const { users, organizations, dashboards, warehouse } = app.services;
  const [adminEmail] = await users.listActiveAdminEmails();
  const admin = adminEmail ? await users.findAccountByEmail(adminEmail) : undefined;
  if (!admin) throw new DemoRefused('No active administrator: start Finboard once (npm start) to create one.');
  const actor: Principal = {
    id: admin.id,
    email: admin.email,
    role: 'admin',
    organizationId: null,
    mustChangePassword: false,
  };

  const { organizations: found } = await organizations.list(organizationListQuerySchema.parse({ name: COMPANY.name }));
  const existing = found.find((organization) => organization.name === COMPANY.name);
  const organization =
    existing ??
    (await organizations.create(actor, {
      fields: {
        organizationName: COMPANY.name,
        organizationEmail: COMPANY.email,
        organizationPhoneNumber: COMPANY.phone,
        organizationAddress: COMPANY.address,
        organizationDescription: COMPANY.description,
        powerbiEmail: undefined,
        dashboards: undefined,
      },
      removeLogo: false,
    }));
  // Creation provisions the warehouse; one found from before warehouses existed gets it here (idempotent).
  await warehouse.provision(organization.id);

  const generating = performance.now();
  const data = generateDemoData({ today: options.today });
  const generateSeconds = since(generating);

  // Replace, not add, in one transaction: a failed run leaves the previous books as they were.
  const loading = performance.now();
  const loads = demoTables(data);
  const loaded = await warehouse.loadTables(organization.id, loads, { replace: true });
  const counts = loads.map(({ table }, i): [string, number] => [table, loaded[i]!]);
  const loadSeconds = since(loading);

  const user = await users.findAccountByEmail(DEMO_USER.email);
  if (!user) {
    const { user: created } = await users.createByAdmin(actor, {
      firstName: DEMO_USER.firstName,
      lastName: DEMO_USER.lastName,
      email: DEMO_USER.email,
      phoneNumber: DEMO_USER.phoneNumber,
      role: 'user',
      organization_id: organization.id,
      password: DEMO_USER.password,
    });
    // A demo password works at once: no forced change at first sign-in.
    await users.setPassword(created.id, await hashPassword(DEMO_USER.password), false);
    // The demo user sees every dashboard of the organization (Add User's default), the built-in statements
    // among them (an organization from before them gets them first).
    await dashboards.addBuiltinsWhereMissing();
  }
  return {
    organizationId: organization.id,
    organizationCreated: !existing,
    userCreated: !user,
    userElsewhere: user !== undefined && user.organizationId !== organization.id,
    counts,
    generateSeconds,
    loadSeconds,
  };
}
