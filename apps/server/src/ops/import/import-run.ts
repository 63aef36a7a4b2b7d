import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { toOrganizationSlug } from '@casebridge/domain/organizations/organization-slug';
import type { OrganizationKind, Role } from '@casebridge/domain/roles';
import type { Db } from '#src/db/client.ts';
import { importRecords, organizations, users } from '#src/db/schema/index.ts';
import type { FileStorage } from '#src/storage/file-storage.ts';
import type { DocumentKeyring } from '#src/storage/document-encryption.ts';
import { describeDatabaseError } from './import-batch.ts';
import type { ImportReport } from './import-report.ts';
import {
  describeIssues,
  type LegacyCollection,
  type LegacyDocument,
} from './legacy-export.schema.ts';

/** Who the importer's records name as their author where the old system kept none. */
export const IMPORTER_NAME = 'Import from the old system';

export type ImportOptions = {
  dryRun: boolean;
  /** The app's address, for the invitation links. */
  appUrl: string;
  /** Where document files go, for documents whose export carries the file; else they are skipped. */
  files?: { storage: FileStorage; keyring: DocumentKeyring } | undefined;
  /** Told after each chunk of a collection: how many of its records are done. */
  onProgress?: (collection: LegacyCollection, done: number, of: { total: number }) => void;
};

export type Outcome =
  | {
      kind: 'created' | 'merged';
      targetTable: string;
      targetId: string;
      note?: string;
      /** What was assumed or changed on the way in, or who cannot see the record. */
      warnings?: string[];
      /** A new user was sent an invitation (in this run's transaction). */
      invited?: boolean;
    }
  | { kind: 'skipped'; reason: string };

export type Recorded = Extract<Outcome, { kind: 'created' | 'merged' }>;

export const skip = (reason: string): Outcome => ({ kind: 'skipped', reason });

type PriorImport = { sourceHash: string; targetId: string };

type UserInfo = { name: string; role: Role; organizationName: string | null };

/**
 * One run of the importer inside its transaction: what earlier runs imported (import_records),
 * how source ids resolve to CaseBridge ids, and the report being written.
 */
export class ImportRun {
  readonly prior = new Map<string, PriorImport>();
  readonly seen = new Set<string>();
  /** `<kind>:<lower-case slug>` → organisation id. */
  readonly organizations = new Map<string, string>();
  /** A user's document id, authentication id or lower-case e-mail → user id. */
  readonly users = new Map<string, string>();
  readonly patients = new Map<string, string>();
  readonly templates = new Map<string, string>();
  /**
   * `<table>:<id>` of every CaseBridge record a source record was imported into (earlier runs
   * and this one): a match may take only a record no other source record has, so two source
   * records never become one.
   */
  readonly claimed = new Set<string>();
  /** Files written to storage by this run, removed again if the run does not commit. */
  readonly writtenFiles: string[] = [];
  private readonly userInfo = new Map<string, UserInfo | null>();
  private readonly unknownEmails = new Set<string>();
  private readonly priorIds = new Map<string, Map<string, string>>([
    ['users', this.users],
    ['patients', this.patients],
    ['messageTemplates', this.templates],
  ]);

  constructor(
    readonly tx: Db,
    readonly report: ImportReport,
    readonly options: ImportOptions,
  ) {}

  /** Reads what earlier runs imported and the organisations CaseBridge has. */
  async load(): Promise<void> {
    for (const row of await this.tx.select().from(importRecords)) {
      this.prior.set(recordKey(row.collection, row.sourceId), row);
      this.claimed.add(claimKey(row.targetTable, row.targetId));
      // Records of an earlier run resolve even when this export leaves their collection out
      // (an export split by collection, or a later one with only new patients).
      this.priorIds.get(row.collection)?.set(row.sourceId, row.targetId);
    }
    const rows = await this.tx
      .select({ id: organizations.id, kind: organizations.kind, slug: organizations.slug })
      .from(organizations);
    for (const row of rows) this.organizations.set(organizationKey(row.kind, row.slug), row.id);
  }

  /** The organisation of `kind` a legacy id (its name with underscores, or the name) names. */
  organization(kind: OrganizationKind, ref: string): string | null {
    return this.organizations.get(organizationKey(kind, ref)) ?? null;
  }

  /** A user named by an id of the old system, or by e-mail (also users CaseBridge had before). */
  async user(ref: string | null): Promise<string | null> {
    if (ref === null) return null;
    const known = this.users.get(ref) ?? this.users.get(ref.toLowerCase());
    if (known) return known;
    if (!ref.includes('@') || this.unknownEmails.has(ref.toLowerCase())) return null;
    const [row] = await this.tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, ref.toLowerCase()));
    if (row) this.users.set(ref.toLowerCase(), row.id);
    else this.unknownEmails.add(ref.toLowerCase());
    return row?.id ?? null;
  }

  /** A user's name, role and organisation's name now, for message senders. */
  async describeUser(userId: string): Promise<UserInfo | null> {
    if (this.userInfo.has(userId)) return this.userInfo.get(userId)!;
    const [row] = await this.tx
      .select({ name: users.name, role: users.role, organizationName: organizations.name })
      .from(users)
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .where(eq(users.id, userId));
    this.userInfo.set(userId, row ?? null);
    return row ?? null;
  }

  /** The active people of an organisation, for a notification the old system sent to it. */
  async organizationUsers(organizationId: string): Promise<string[]> {
    const rows = await this.tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.organizationId, organizationId),
          eq(users.kind, 'person'),
          eq(users.active, true),
        ),
      )
      .orderBy(users.email);
    return rows.map((row) => row.id);
  }

  /** Counts a skipped record and keeps its reason for the report. */
  skip(collection: LegacyCollection, sourceId: string | null, reason: string): void {
    this.report.collections[collection].skipped += 1;
    this.report.skips.push({ collection, sourceId, reason });
  }

  /**
   * The checks every source record goes through first: an id seen twice is a duplicate; a record
   * an earlier run imported is left alone (reported unchanged, or changed since then and
   * skipped), its ids still registered for the records that name it; a record that does not fit
   * its schema is skipped with the reasons. Returns the record when it is to be imported.
   */
  screen<T>(
    collection: LegacyCollection,
    document: LegacyDocument,
    schema: z.ZodType<T, unknown>,
    register?: (value: T, targetId: string, sourceId: string) => void,
  ): { sourceId: string; data: Record<string, unknown>; value: T } | null {
    const { sourceId, data } = document;
    const reject = (reason: string) => {
      this.skip(collection, sourceId, reason);
      return null;
    };
    if (sourceId === null) return reject('missing required field: id');
    if (data === null) return reject('not a document (expected an object)');
    const key = recordKey(collection, sourceId);
    if (this.seen.has(key)) return reject('duplicate: the same id appears earlier in the export');
    this.seen.add(key);

    const parsed = schema.safeParse(data);
    const prior = this.prior.get(key);
    if (prior) {
      if (parsed.success) register?.(parsed.data, prior.targetId, sourceId);
      if (prior.sourceHash !== hashSource(data))
        return reject('changed since last import: skipped (the CaseBridge record is kept)');
      this.report.collections[collection].unchanged += 1;
      return null;
    }
    if (!parsed.success) return reject(describeIssues(parsed.error));
    return { sourceId, data, value: parsed.data };
  }

  /**
   * Imports one source record that passes `screen`, in a savepoint, so a record the database
   * refuses is a skip and not the end of the run. What it created or merged goes into
   * import_records.
   */
  async importRecord<T>(
    collection: LegacyCollection,
    document: LegacyDocument,
    schema: z.ZodType<T, unknown>,
    steps: {
      handle(value: T, db: Db, sourceId: string): Promise<Outcome>;
      /** Makes the record's ids resolvable for the records that name it. */
      register?(value: T, targetId: string, sourceId: string): void;
    },
  ): Promise<void> {
    const record = this.screen(collection, document, schema, steps.register);
    if (!record) return;
    const { sourceId, data, value } = record;
    let outcome: Outcome;
    try {
      outcome = await this.tx.transaction(async (savepoint) => {
        const result = await steps.handle(value, savepoint, sourceId);
        if (result.kind !== 'skipped')
          await this.recordImports(savepoint, collection, [
            { record: { sourceId, data }, outcome: result },
          ]);
        return result;
      });
    } catch (error) {
      return this.skip(
        collection,
        sourceId,
        `refused by the database: ${describeDatabaseError(error)}`,
      );
    }
    if (outcome.kind === 'skipped') return this.skip(collection, sourceId, outcome.reason);
    this.count(collection, sourceId, outcome);
    steps.register?.(value, outcome.targetId, sourceId);
  }

  /**
   * Writes the import_records rows of created or merged records, one insert for all of them.
   * They are counted (`count`) once their transaction or savepoint has held.
   */
  async recordImports(
    db: Db,
    collection: LegacyCollection,
    entries: { record: { sourceId: string; data: Record<string, unknown> }; outcome: Recorded }[],
  ): Promise<void> {
    if (entries.length === 0) return;
    const rows = entries.map(({ record, outcome }) => ({
      collection,
      sourceId: record.sourceId,
      targetTable: outcome.targetTable,
      targetId: outcome.targetId,
      sourceHash: hashSource(record.data),
    }));
    for (let start = 0; start < rows.length; start += 1_000)
      await db.insert(importRecords).values(rows.slice(start, start + 1_000));
    for (const row of rows) {
      this.prior.set(recordKey(collection, row.sourceId), row);
      this.claimed.add(claimKey(row.targetTable, row.targetId));
    }
  }

  /** Counts a created or merged record and keeps its note and warnings for the report. */
  count(collection: LegacyCollection, sourceId: string, outcome: Recorded): void {
    this.report.collections[collection][outcome.kind] += 1;
    if (outcome.invited) this.report.invitationsQueued += 1;
    if (outcome.note) this.report.notes.push({ collection, sourceId, note: outcome.note });
    for (const warning of outcome.warnings ?? [])
      this.report.warnings.push({ collection, sourceId, warning });
  }
}

export const claimKey = (table: string, id: string) => `${table}:${id}`;

export const recordKey = (collection: string, sourceId: string) => `${collection}\u0000${sourceId}`;

export const organizationKey = (kind: string, ref: string) =>
  `${kind}:${toOrganizationSlug(ref).toLowerCase()}`;

/** JSON with object keys sorted, so the same record always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.keys(value)
      .toSorted()
      .map(
        (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
      )
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of the source record as exported: a later run tells a changed record by it. */
export function hashSource(data: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(data)).digest('hex');
}
