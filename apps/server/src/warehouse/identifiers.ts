import { sql, type SQL } from 'drizzle-orm';

/**
 * The one place where warehouse identifiers become SQL text. Names are checked against the
 * organization's catalog first and then quoted here; values never pass through these helpers,
 * they are always bound parameters.
 */

/** PostgreSQL silently truncates longer identifiers (NAMEDATALEN − 1 bytes), which could alias another name. */
const MAX_IDENTIFIER_BYTES = 63;

export class IdentifierError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IdentifierError';
  }
}

/** Double-quotes `name` for SQL, doubling embedded quotes; refuses what PostgreSQL could not keep as given. */
export function quoteIdent(name: string): string {
  if (typeof name !== 'string' || name.length === 0) throw new IdentifierError('An identifier cannot be empty');
  if (name.includes('\0')) throw new IdentifierError('An identifier cannot contain a NUL character');
  const bytes = Buffer.from(name, 'utf8');
  // Lone surrogates turn into U+FFFD on the way to UTF-8: the database would see another name.
  if (bytes.toString('utf8') !== name) throw new IdentifierError('An identifier must be well-formed Unicode');
  if (bytes.length > MAX_IDENTIFIER_BYTES)
    throw new IdentifierError(`An identifier cannot be longer than ${MAX_IDENTIFIER_BYTES} bytes`);
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * `'text'` for SQL, doubling embedded quotes: for the few values a statement cannot take as a parameter (DDL,
 * COPY options). Under standard_conforming_strings (PostgreSQL's default since 9.1) a backslash is plain text.
 */
export const quoteLiteral = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/**
 * `"schema"."name"`: how every statement names a warehouse relation. Never the bare name, which the search
 * path resolves — to a catalog of pg_catalog or a temporary table first, whatever the warehouse holds.
 */
export const qualifiedName = (schema: string, name: string): string => `${quoteIdent(schema)}.${quoteIdent(name)}`;

/** qualifiedName() as a fragment of a Drizzle statement. */
export const qualifiedSql = (schema: string, name: string): SQL => sql.raw(qualifiedName(schema, name));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidHex(organizationId: string): string {
  if (typeof organizationId !== 'string' || !UUID.test(organizationId))
    throw new IdentifierError('An organization id must be a UUID');
  return organizationId.toLowerCase().replaceAll('-', '');
}

/** The organization's warehouse schema: `org_` and its UUID without dashes. */
export const warehouseSchemaName = (organizationId: string): string => `org_${uuidHex(organizationId)}`;

/** The organization's own database role (NOLOGIN): it reaches only that schema. */
export const warehouseRoleName = (organizationId: string): string => `fb_${warehouseSchemaName(organizationId)}`;

/**
 * The organization's own PostgreSQL database (WAREHOUSE_ISOLATION=database): `wh_` and its schema's name,
 * so it can never be a name an administrator typed, nor collide with another organization's.
 */
export const warehouseDatabaseName = (organizationId: string): string => `wh_${warehouseSchemaName(organizationId)}`;

const WAREHOUSE_SCHEMA = /^org_[0-9a-f]{32}$/;

/** The role of a warehouse schema found in the database catalog (e.g. to clean up after tests). */
export function warehouseRoleOfSchema(schema: string): string {
  if (!WAREHOUSE_SCHEMA.test(schema)) throw new IdentifierError(`Not a warehouse schema: ${schema}`);
  return `fb_${schema}`;
}

export const isWarehouseSchemaName = (name: string): boolean => WAREHOUSE_SCHEMA.test(name);

export interface CatalogColumn {
  name: string;
  /** PostgreSQL type as information_schema spells it (`numeric`, `date`, `text`, …). */
  type: string;
  nullable: boolean;
  primaryKey: boolean;
  /** Identity or generated: the database fills it, nobody writes it. */
  generated: boolean;
  /** The database fills it when an insert leaves it out (a DEFAULT). */
  hasDefault: boolean;
}

export interface CatalogRelation {
  name: string;
  kind: 'table' | 'view';
  columns: CatalogColumn[];
}

/** What one organization's warehouse holds, read from its own catalog. */
export interface WarehouseCatalog {
  schema: string;
  relations: CatalogRelation[];
}

export class UnknownIdentifierError extends IdentifierError {
  constructor(
    readonly kind: 'table' | 'relation' | 'column',
    readonly identifier: string,
  ) {
    super(`Unknown ${kind}: ${JSON.stringify(identifier)}`);
    this.name = 'UnknownIdentifierError';
  }
}

// Exact, case-sensitive comparison: the catalog's names are the only spellings that exist.
const findRelation = (catalog: WarehouseCatalog, name: unknown) =>
  typeof name === 'string' ? catalog.relations.find((relation) => relation.name === name) : undefined;

/** A table or a view of the catalog, by its exact name; anything else is refused. */
export function assertRelationInCatalog(catalog: WarehouseCatalog, name: unknown): CatalogRelation {
  const relation = findRelation(catalog, name);
  if (!relation) throw new UnknownIdentifierError('relation', String(name));
  return relation;
}

/** A table (not a view) of the catalog, by its exact name; anything else is refused. */
export function assertTableInCatalog(catalog: WarehouseCatalog, name: unknown): CatalogRelation {
  const relation = findRelation(catalog, name);
  if (relation?.kind !== 'table') throw new UnknownIdentifierError('table', String(name));
  return relation;
}

/** A column of the relation, by its exact name; anything else is refused. */
export function assertColumnInRelation(relation: CatalogRelation, name: unknown): CatalogColumn {
  const column = typeof name === 'string' ? relation.columns.find((candidate) => candidate.name === name) : undefined;
  if (!column) throw new UnknownIdentifierError('column', String(name));
  return column;
}

/**
 * The organization's read-only LOGIN role (Chat DB on PostgreSQL): it logs in on its own connections, is a
 * member of no other role, and may only read the warehouse's canonical relations, so RESET ROLE or
 * SET ROLE on its connection lead nowhere.
 */
export const warehouseReaderRoleName = (organizationId: string): string =>
  `${warehouseRoleName(organizationId)}_reader`;

/** The reader role of a warehouse schema found in the catalog (clean-up after tests and benches). */
export const warehouseReaderRoleOfSchema = (schema: string): string => `${warehouseRoleOfSchema(schema)}_reader`;
