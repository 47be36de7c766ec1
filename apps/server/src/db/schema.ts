import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    powerbiEmail: text('powerbi_email'),
    address: text('address'),
    description: text('description'),
    /** Storage key of the PNG logo (never a URL given by a client). */
    logoKey: text('logo_key'),
    auditDataMessage: text('audit_data_message'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('organizations_name_unique').on(sql`lower(${table.name})`)],
);

/** Dashboards of an organization, in the order its people see them. */
export const dashboards = pgTable(
  'dashboards',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    workspaceId: text('workspace_id').notNull(),
    datasetId: text('dataset_id').notNull(),
    type: text('type', { enum: ['report', 'paginatedReport'] })
      .notNull()
      .default('report'),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('dashboards_organization_name_unique').on(table.organizationId, sql`lower(${table.name})`),
    index('dashboards_organization_position_idx').on(table.organizationId, table.position),
  ],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull().unique(),
    phoneNumber: text('phone_number'),
    role: text('role', { enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    organizationId: uuid('organization_id').references((): AnyPgColumn => organizations.id, {
      onDelete: 'restrict',
    }),
    pipeline: text('pipeline'),
    passwordHash: text('password_hash'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Set when an admin e-mails a temporary password; the first sign-in with it uses it up. */
    temporaryPasswordIssuedAt: timestamp('temporary_password_issued_at', { withTimezone: true }),
    temporaryPasswordUsedAt: timestamp('temporary_password_used_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('users_organization_idx').on(table.organizationId),
    // The Users table's default order (by full name) reads a page from this index instead of sorting everyone.
    index('users_full_name_idx').on(sql`lower(${table.firstName} || ' ' || ${table.lastName})`, table.id),
  ],
);

/** Which of the organization's dashboards a user may see. */
export const userDashboards = pgTable(
  'user_dashboards',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dashboardId: uuid('dashboard_id')
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.dashboardId] })],
);

/** Server-side record of every issued token, so logout and password changes really end sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Forgot-password tokens, stored as SHA-256 hashes; single use. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** 'reset' (forgot password) or 'invite' (set the first password of a user an admin added). */
    purpose: text('purpose', { enum: ['reset', 'invite'] })
      .notNull()
      .default('reset'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  company: text('company'),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  ip: text('ip'),
  createdAt: createdAt(),
});

/**
 * E-mail kept instead of sent because no SMTP server is configured; admins read it on the Outbox page.
 * Its body holds reset links, invitation links and temporary passwords, so it is kept only sealed.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** The body `{ text, html? }` as JSON, sealed with AES-256-GCM (platform/mail/outbox-content.ts). */
    content: text('content'),
    /** The body of mail kept before it was sealed: start-up seals it into `content` and clears these. */
    text: text('text'),
    html: text('html'),
    transport: text('transport', { enum: ['outbox', 'smtp'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('outbox_emails_created_idx').on(table.createdAt)],
);

/** Who changed what, when, with the state before and after: every admin change writes one. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_events_entity_idx').on(table.entityType, table.entityId),
    index('audit_events_organization_idx').on(table.organizationId, table.createdAt),
  ],
);

/** Data Type Master: the data types an organization's uploads are tagged with (expected columns as JSON). */
export const dataTypes = pgTable(
  'data_types',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /** One of the canonical warehouse tables (WAREHOUSE_TABLES of packages/shared). */
    targetTable: text('target_table').notNull(),
    /** [{ name, type, required, format? }], validated by the shared dataTypeColumnsSchema. */
    columns: jsonb('columns').notNull(),
    delimiter: text('delimiter').notNull().default(','),
    periodBased: boolean('period_based').notNull().default(false),
    /** Which standard type this is (seeded for every organization); null for the organization's own. */
    standardKey: text('standard_key'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('data_types_organization_name_unique').on(table.organizationId, sql`lower(${table.name})`),
    uniqueIndex('data_types_organization_standard_unique')
      .on(table.organizationId, table.standardKey)
      .where(sql`${table.standardKey} is not null`),
  ],
);

/**
 * The warehouse migrations each organization's warehouse has had (apps/server/src/warehouse/migrations):
 * its version is the highest one here. A platform table, not one inside the warehouse schema, where the
 * Data Management Studio would list it. No foreign key: the warehouse layer works by organization id
 * alone (scripts and tests provision warehouses for ids that have no organization row).
 */
export const warehouseMigrations = pgTable(
  'warehouse_migrations',
  {
    organizationId: uuid('organization_id').notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.version] })],
);
