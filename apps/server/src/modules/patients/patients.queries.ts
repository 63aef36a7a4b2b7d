import { and, asc, count, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_CASE_STAGE,
  type CaseStage,
} from '@casebridge/domain/case-facts/case-facts-constants';
import type { PatientScope } from '@casebridge/domain/patients/patient.policy';
import {
  decodePatientCursor,
  encodePatientCursor,
  PATIENT_CURSOR_INVALID,
  type PatientSort,
  type TListPatientsParsed,
  type TPatientCursor,
  type TPatientDetail,
  type TPatientMatch,
  type TPatientPage,
  type TPatientStats,
  type TPatientSummary,
} from '@casebridge/domain/patients/patient.schemas';
import { parsePatientSearch } from '@casebridge/domain/patients/patient-search';
import type { ClosedCaseFilter } from '@casebridge/domain/closing/closing-constants';
import {
  TREATMENT_STATUSES,
  type TreatmentStatus,
} from '@casebridge/domain/patients/treatment-status';
import type { OrganizationKind } from '@casebridge/domain/roles';
import type { Db } from '#src/db/client.ts';
import { sqlLimit } from '#src/db/prepared-statements.ts';
import {
  accessGrants,
  caseFacts,
  heldStatusChanges,
  organizations,
  PATIENT_LISTING_ALL_PARTY,
  patientClinics,
  patientCounts,
  patientExternalIds,
  patientLienholders,
  patientListing,
  patients,
  treatmentGaps,
  users,
} from '#src/db/schema/index.ts';
import { validationFailed } from '#src/lib/app-error.ts';
import {
  caseStageOf,
  isUpdateOverdueOf,
  isUpdateOverdueOfRow,
} from '#src/modules/case-updates/case-update-clock.ts';
import { getScopeParty, patientScopeCondition, type ActorPatientScope } from './patient-scope.ts';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Minus the status's position in the spec's list: the listing's `status_key`. */
export const getStatusKey = (status: TreatmentStatus) => -(TREATMENT_STATUSES.indexOf(status) + 1);

/** A search's total counts at most this many matches; beyond it, the total is a floor. */
export const PATIENT_SEARCH_COUNT_CAP = 1_000;

/**
 * The listing rows of a party (`patient_listing` as `k`), each sort all one direction so a keyset
 * bound is one row comparison the index answers: 'last_updated' newest first, 'name' A–Z,
 * 'status' in the spec's order (status key descending) then newest first; ties by patient id.
 */
const SORTS = {
  last_updated: { columns: ['updated_at', 'patient_id'], descending: true },
  name: { columns: ['name_key', 'patient_id'], descending: false },
  status: { columns: ['status_key', 'updated_at', 'patient_id'], descending: true },
  /** With `updatedSince` (a sync client's changes): oldest change first. */
  changes: { columns: ['updated_at', 'patient_id'], descending: false },
} as const satisfies Record<ListingSort, { columns: readonly string[]; descending: boolean }>;

type ListingSort = PatientSort | 'changes';

/** The order a page is read in: the chosen sort, or, with `updatedSince`, oldest change first. */
const listingSortOf = (query: Pick<TListPatientsParsed, 'sort' | 'updatedSince'>): ListingSort =>
  query.updatedSince ? 'changes' : query.sort;

/**
 * Whose external ids the list shows and filters by: the reader's organisation, or
 * the organisation an admin names; none for a patient contact or an admin naming none.
 */
export type ExternalIdOwner = string | null;

const k = (column: string) => sql`${sql.identifier('k')}.${sql.identifier(column)}`;

function orderBy(sort: ListingSort, reverse: boolean): SQL {
  const { columns, descending } = SORTS[sort];
  const direction = descending !== reverse ? sql.raw('desc') : sql.raw('asc');
  return sql.join(
    columns.map((column) => sql`${k(column)} ${direction}`),
    sql`, `,
  );
}

/** Rows strictly after (or, going back, before) the cursor's row in the sort's order. */
function keysetBound(cursor: TPatientCursor): SQL {
  const { columns, descending } = SORTS[cursor.sort];
  const values =
    cursor.sort === 'last_updated' || cursor.sort === 'changes'
      ? [sql`${cursor.updatedAt}::timestamptz`, sql`${cursor.id}::uuid`]
      : cursor.sort === 'name'
        ? [sql`${cursor.nameKey}::text`, sql`${cursor.id}::uuid`]
        : [
            sql`${cursor.statusKey}::smallint`,
            sql`${cursor.updatedAt}::timestamptz`,
            sql`${cursor.id}::uuid`,
          ];
  const isLess = descending === (cursor.direction === 'after');
  return sql`(${sql.join(columns.map(k), sql`, `)}) ${sql.raw(isLess ? '<' : '>')} (${sql.join(values, sql`, `)})`;
}

type ListingFilter = Pick<
  TListPatientsParsed,
  'search' | 'status' | 'gap' | 'updatedSince' | 'externalId' | 'closed'
> & { externalIdOwner?: ExternalIdOwner };

/** The patients whose case is closed: few, read through the partial index case_facts_closed_idx. */
const closedPatientIds = sql`select ${caseFacts.patientId} from ${caseFacts} where ${caseFacts.stage} = 'closed'`;

/**
 * Which closed cases a list shows (closing-the-case.md): as asked, else all of them for a name
 * search, an external-id lookup or a sync client's changes, and none for a plain list.
 */
export function closedFilterOf(query: ListingFilter): ClosedCaseFilter {
  if (query.closed) return query.closed;
  return query.search || query.externalId !== undefined || query.updatedSince ? 'all' : 'active';
}

/**
 * Status and Gaps filters, search (`domain/patients/patient-search.ts`), `updatedSince` and the
 * external-id lookup on the listing rows `k`.
 */
function listingFilters(query: ListingFilter): SQL[] {
  const filters: SQL[] = [];
  if (query.updatedSince)
    filters.push(sql`${k('updated_at')} >= ${query.updatedSince}::timestamptz`);
  if (query.externalId !== undefined) {
    filters.push(
      sql`${k('patient_id')} in (select ${patientExternalIds.patientId} from ${patientExternalIds} where ${patientExternalIds.organizationId} = ${query.externalIdOwner ?? null}::uuid and ${patientExternalIds.externalId} = ${query.externalId})`,
    );
  }
  if (query.status) filters.push(sql`${k('status_key')} = ${getStatusKey(query.status)}`);
  const closed = closedFilterOf(query);
  if (closed === 'active') filters.push(sql`${k('patient_id')} not in (${closedPatientIds})`);
  if (closed === 'closed') filters.push(sql`${k('patient_id')} in (${closedPatientIds})`);
  // Open gaps are few: the planner reads them through their partial index, then the listing's key.
  if (query.gap === 'open') filters.push(sql`${k('patient_id')} in (${openGapPatientIds})`);
  const terms = query.search ? parsePatientSearch(query.search) : null;
  // Each word anywhere in the name; the trigram index answers `like '%word%'`.
  for (const word of terms?.words ?? []) {
    filters.push(sql`${k('name_key')} like ${`%${escapeLike(word)}%`}`);
  }
  if (terms?.dob) {
    filters.push(sql`${k('dob')} between ${terms.dob.from}::date and ${terms.dob.to}::date`);
  }
  return filters;
}

/** The patients with an open treatment gap. */
const openGapPatientIds = sql`select ${treatmentGaps.patientId} from ${treatmentGaps} where ${treatmentGaps.closedAt} is null`;

/** Days since the last care of patient `p`'s open gap, else null. */
const gapDaysOf = (patientId: SQL) =>
  sql`(select current_date - g.last_care_on from ${treatmentGaps} g where g.patient_id = ${patientId} and g.closed_at is null)`;

/** The patients an active grant of the user opens: few, so listed apart. */
const grantedPatientIds = (userId: string) =>
  sql`select ${accessGrants.patientId} from ${accessGrants} where ${accessGrants.userId} = ${userId} and ${accessGrants.revokedAt} is null and ${accessGrants.expiresAt} > now()`;

/**
 * The listing rows (as `k`) of everything the scope sees, filtered: the party's own rows, and,
 * for a grantee, a second index-driven branch with the granted patients the party does not see
 * already (their sort keys from the administrators' rows, which every patient has). `tail`
 * (keyset, order, limit) applies to each branch.
 */
function scopeListing(
  scope: ActorPatientScope,
  filters: SQL[],
  tail: SQL,
  options: { matchFirst?: boolean } = {},
): SQL {
  const party = getScopeParty(scope);
  const where = (base: SQL) => sql.join([base, ...filters], sql` and `);
  // `offset 0` keeps the planner from walking a sort index and filtering row by row, hoping to
  // meet the limit early: a name search finds its matches through the trigram index first and
  // sorts only them, so its cost follows the matches, never the party's size.
  const branch = (base: SQL) =>
    options.matchFirst
      ? sql`select * from (select * from ${patientListing} k where ${where(base)} offset 0) k ${tail}`
      : sql`select * from ${patientListing} k where ${where(base)} ${tail}`;
  const own = branch(sql`${k('party')} = ${party}`);
  if (!scope.grantUserId) return own;
  const granted = branch(
    sql`${k('party')} = ${PATIENT_LISTING_ALL_PARTY} and ${k('patient_id')} in (${grantedPatientIds(scope.grantUserId)}) and not exists (select 1 from ${patientListing} m where m.party = ${party} and m.patient_id = ${k('patient_id')})`,
  );
  return sql`(${own}) union all (${granted})`;
}

/** Whether a name word is long enough for the trigram index (three characters or more). */
const searchesByTrigram = (query: Pick<TListPatientsParsed, 'search'>) =>
  Boolean(query.search && parsePatientSearch(query.search).words.some((word) => word.length >= 3));

/**
 * Whether a list finds its few matches through their own index before sorting them (a trigram
 * search, open gaps, an external id), rather than walking the party's sort index.
 */
const findsMatchesFirst = (query: ListingFilter) =>
  searchesByTrigram(query) ||
  query.gap === 'open' ||
  query.externalId !== undefined ||
  closedFilterOf(query) === 'closed';

/** The rows of a raw query: both drivers answer `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type ListingRow = {
  /** The list's total (`listTotalSql`) on every row, when the page was asked for it. */
  total: number | null;
  id: string;
  full_name: string;
  dob: string;
  treatment_status: TreatmentStatus;
  intake_date: string | null;
  last_treatment_date: string | null;
  updated_key: string;
  name_key: string;
  status_key: number;
  clinic_names: string[] | null;
  firm_name: string | null;
  gap_days: number | null;
  external_id: string | null;
  case_stage: CaseStage;
  is_update_overdue: boolean;
  version: number;
};

/** The external id organisation `owner` keeps for patient `p`, else null. */
const externalIdOf = (patientId: SQL, owner: ExternalIdOwner) =>
  sql`(select x.external_id from ${patientExternalIds} x where x.patient_id = ${patientId} and x.organization_id = ${owner}::uuid)`;

/**
 * One page's rows in the sort's order (reversed going back), `limit` at most; exported for the
 * plan test (patient-listing.integration.test.ts).
 */
export function listPageSql(
  scope: ActorPatientScope,
  query: TListPatientsParsed & { externalIdOwner?: ExternalIdOwner },
  cursor: TPatientCursor | null,
  limit: number,
  total: SQL = sql`null::int`,
): SQL {
  const reverse = cursor?.direction === 'before';
  const filters = [...listingFilters(query), ...(cursor ? [keysetBound(cursor)] : [])];
  const order = orderBy(listingSortOf(query), reverse);
  return sql`
    select ${total} as total, p.id, p.full_name, p.dob::text as dob, p.treatment_status, p.version,
      p.intake_date::text as intake_date, p.last_treatment_date::text as last_treatment_date,
      to_char(k.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_key,
      k.name_key, k.status_key,
      (select array_agg(o.name order by o.name) from ${patientClinics} pc join ${organizations} o on o.id = pc.clinic_id where pc.patient_id = p.id) as clinic_names,
      (select o.name from ${organizations} o where o.id = p.firm_id) as firm_name,
      ${gapDaysOf(sql`p.id`)} as gap_days,
      ${externalIdOf(sql`p.id`, query.externalIdOwner ?? null)} as external_id,
      ${caseStageOf(sql`p.id`)} as case_stage,
      ${isUpdateOverdueOfRow('p')} as is_update_overdue
    from (${scopeListing(scope, filters, sql`order by ${order} ${sqlLimit(limit)}`, {
      matchFirst: findsMatchesFirst(query),
    })}) k
    join ${patients} p on p.id = k.patient_id
    order by ${order}
    ${sqlLimit(limit)}`;
}

async function selectPage(
  db: Db,
  scope: ActorPatientScope,
  query: PatientListQuery,
  cursor: TPatientCursor | null,
  limit: number,
  total?: SQL,
): Promise<ListingRow[]> {
  return rowsOf<ListingRow>(await db.execute(listPageSql(scope, query, cursor, limit, total)));
}

function toCursor(
  sort: ListingSort,
  row: ListingRow,
  direction: TPatientCursor['direction'],
): string {
  const base = { direction, id: row.id };
  return encodePatientCursor(
    sort === 'last_updated' || sort === 'changes'
      ? { sort, updatedAt: row.updated_key, ...base }
      : sort === 'name'
        ? { sort, nameKey: row.name_key, ...base }
        : { sort, statusKey: Number(row.status_key), updatedAt: row.updated_key, ...base },
  );
}

function toSummary(row: ListingRow): TPatientSummary {
  return {
    id: row.id,
    fullName: row.full_name,
    dob: row.dob,
    treatmentStatus: row.treatment_status,
    intakeDate: row.intake_date,
    lastTreatmentDate: row.last_treatment_date,
    updatedAt: row.updated_key.replace(/(\.\d{3})\d{3}Z$/, '$1Z'),
    clinicNames: row.clinic_names ?? [],
    firmName: row.firm_name,
    gapDays: row.gap_days === null ? null : Number(row.gap_days),
    externalId: row.external_id,
    caseStage: row.case_stage,
    isUpdateOverdue: Boolean(row.is_update_overdue),
    version: Number(row.version),
  };
}

/** Whether the list's total is counted from the matching rows rather than the maintained counts. */
const isCountedByMatching = (query: PatientListQuery) =>
  (query.search !== undefined &&
    listingFilters({ search: query.search, closed: 'all' }).length > 0) ||
  closedFilterOf(query) === 'closed' ||
  query.gap !== undefined ||
  query.updatedSince !== undefined ||
  query.externalId !== undefined;

/** The list's total as SQL, and whether it counts the matches (so may stop at the cap). */
type ListTotal = { sql: SQL; isCountedByMatching: boolean };

/**
 * How many patients the list selects, as one value the page's statement carries (one round trip
 * for both). Without a search, from the maintained counts (and the few granted patients); with
 * one, by counting the matches up to one more than `PATIENT_SEARCH_COUNT_CAP`.
 */
function listTotal(scope: ActorPatientScope, query: PatientListQuery): ListTotal {
  if (isCountedByMatching(query)) {
    // A trigram search counts its matches, found through the index (a limit here would tempt
    // the planner into reading the whole table for a rare name); otherwise the count stops at
    // the cap along the party's index.
    const matchFirst = findsMatchesFirst(query);
    const cap = matchFirst ? sql`` : sqlLimit(PATIENT_SEARCH_COUNT_CAP + 1);
    return {
      sql: sql`(select count(*)::int from (${scopeListing(scope, listingFilters(query), cap, { matchFirst })}) k)`,
      isCountedByMatching: true,
    };
  }
  const party = getScopeParty(scope);
  const ofStatus = query.status
    ? sql` and ${patientCounts.treatmentStatus} = ${query.status}`
    : sql``;
  const statusFilters = query.status
    ? [sql`${k('status_key')} = ${getStatusKey(query.status)}`]
    : [];
  const counted = sql`(select coalesce(sum(${patientCounts.n}), 0)::int from ${patientCounts} where ${patientCounts.party} = ${party}${ofStatus})`;
  // A plain list leaves closed cases out: the maintained counts less the scope's few closed ones.
  const own =
    closedFilterOf(query) === 'active'
      ? sql`(${counted} - (select count(*)::int from ${patientListing} k where ${sql.join([sql`${k('party')} = ${party}`, sql`${k('patient_id')} in (${closedPatientIds})`, ...statusFilters], sql` and `)}))`
      : counted;
  if (!scope.grantUserId) return { sql: own, isCountedByMatching: false };
  const granted = grantedOnlyListing(scope.grantUserId, party, [
    ...statusFilters,
    ...(closedFilterOf(query) === 'active'
      ? [sql`${k('patient_id')} not in (${closedPatientIds})`]
      : []),
  ]);
  return {
    sql: sql`(${own} + (select count(*)::int from (${granted}) k))`,
    isCountedByMatching: false,
  };
}

/** What the page reports of its total, from the counted value. */
function toTotals(total: ListTotal, n: number) {
  return total.isCountedByMatching
    ? { total: Math.min(n, PATIENT_SEARCH_COUNT_CAP), isTotalCapped: n > PATIENT_SEARCH_COUNT_CAP }
    : { total: n, isTotalCapped: false };
}

/** The patients a grant opens that the party does not see already, from the listing of all. */
function grantedOnlyListing(grantUserId: string, party: string, filters: SQL[]): SQL {
  return scopeListing(
    { kind: 'all' },
    [
      sql`${k('patient_id')} in (${grantedPatientIds(grantUserId)})`,
      sql`not exists (select 1 from ${patientListing} m where m.party = ${party} and m.patient_id = ${k('patient_id')})`,
      ...filters,
    ],
    sql``,
  );
}

/**
 * A keyset page of the patients the scope sees (docs/decisions/0014): index-driven whatever the
 * party's size. Going back past the first row yields the first page itself.
 */
export type PatientListQuery = TListPatientsParsed & { externalIdOwner?: ExternalIdOwner };

export async function listPatients(
  db: Db,
  scope: ActorPatientScope,
  query: PatientListQuery,
): Promise<TPatientPage> {
  const sort = listingSortOf(query);
  const cursor = query.cursor ? decodePatientCursor(query.cursor) : null;
  if (query.cursor && cursor?.sort !== sort) throw validationFailed(PATIENT_CURSOR_INVALID);
  const total = listTotal(scope, query);
  let rows = await selectPage(db, scope, query, cursor, query.limit + 1, total.sql);
  // An empty page carries no total: then it is read alone.
  const counted =
    rows[0]?.total ?? rowsOf<{ n: number }>(await db.execute(sql`select ${total.sql} as n`))[0]?.n;
  const totals = toTotals(total, Number(counted ?? 0));
  let hasBefore = cursor !== null;
  let hasAfter = rows.length > query.limit;
  if (cursor?.direction === 'before') {
    if (rows.length > query.limit) {
      rows = rows.slice(0, query.limit).toReversed();
      hasAfter = true;
    } else {
      rows = await selectPage(db, scope, query, null, query.limit + 1);
      hasBefore = false;
      hasAfter = rows.length > query.limit;
    }
  }
  rows = rows.slice(0, query.limit);
  const first = rows[0];
  const last = rows.at(-1);
  return {
    ...totals,
    items: rows.map(toSummary),
    nextCursor: hasAfter && last ? toCursor(sort, last, 'after') : null,
    previousCursor: hasBefore && first ? toCursor(sort, first, 'before') : null,
  };
}

/** Patients per status the scope sees: the maintained counts, plus granted patients. */
async function countByStatus(
  db: Db,
  scope: ActorPatientScope,
): Promise<Record<TreatmentStatus, number>> {
  const party = getScopeParty(scope);
  const own = sql`select ${patientCounts.treatmentStatus} as status, ${patientCounts.n} as n from ${patientCounts} where ${patientCounts.party} = ${party}`;
  const result = await db.execute(
    scope.grantUserId
      ? sql`${own} union all select k.treatment_status, count(*)::int from (${grantedOnlyListing(
          scope.grantUserId,
          party,
          [],
        )}) k group by k.treatment_status`
      : own,
  );
  const byStatus = Object.fromEntries(TREATMENT_STATUSES.map((status) => [status, 0])) as Record<
    TreatmentStatus,
    number
  >;
  for (const row of rowsOf<{ status: TreatmentStatus; n: number }>(result)) {
    byStatus[row.status] += Number(row.n);
  }
  return byStatus;
}

export async function getPatientStats(db: Db, scope: ActorPatientScope): Promise<TPatientStats> {
  const byStatus = await countByStatus(db, scope);
  return { total: Object.values(byStatus).reduce((sum, n) => sum + n, 0), byStatus };
}

/** How many matches Add Patient's duplicate warning lists at most. */
const DUPLICATE_MATCH_LIMIT = 5;

/**
 * Patients inside the scope with this date of birth whose name has the same key as
 * `normalizedName` (`domain/patients/patient-name.ts` `normalizePatientName`, computed here in
 * SQL the same way: lower case, letters and digits only). Outside the scope nothing is found.
 */
export async function findPatientsByNameKey(
  db: Db,
  scope: PatientScope,
  match: { normalizedName: string; dob: string },
): Promise<TPatientMatch[]> {
  return db
    .select({ id: patients.id, fullName: patients.fullName, dob: patients.dob })
    .from(patients)
    .where(
      and(
        patientScopeCondition(scope),
        eq(patients.dob, match.dob),
        sql`regexp_replace(lower(${patients.fullName}), '[^a-z0-9]', '', 'g') = ${match.normalizedName}`,
      ),
    )
    .orderBy(asc(patients.createdAt), asc(patients.id))
    .limit(DUPLICATE_MATCH_LIMIT);
}

export type PatientRow = typeof patients.$inferSelect;

/**
 * The patient if it is inside the scope, else null; only the guard (`patient-access.ts`
 * `requirePatientInScope`) calls it, and answers 404 either way. With
 * `forUpdate`, inside a transaction, the row is also locked until commit, so a read-then-write
 * (status change, demographics edit) sees the row as it is and no other writer can change it in
 * between; a writer that was waiting reads the row its predecessor committed. FOR NO KEY UPDATE
 * does not block inserts that reference the patient (messages, documents, notifications).
 */
export async function findPatientInScope(
  db: Db,
  scope: PatientScope,
  patientId: string,
  options: { forUpdate?: boolean } = {},
): Promise<PatientRow | null> {
  const query = db
    .select()
    .from(patients)
    .where(and(eq(patients.id, patientId), patientScopeCondition(scope)))
    .limit(1);
  const [row] = options.forUpdate
    ? await query.for('no key update', { of: patients })
    : await query;
  return row ?? null;
}

/** The patients of these ids inside the scope, in one statement; missing ones are left out. */
export async function findPatientsInScope(
  db: Db,
  scope: PatientScope,
  patientIds: readonly string[],
): Promise<PatientRow[]> {
  if (patientIds.length === 0) return [];
  return db
    .select()
    .from(patients)
    .where(and(inArray(patients.id, [...patientIds]), patientScopeCondition(scope)));
}

export async function getPatientAssignments(
  db: Db,
  patientId: string,
): Promise<{ clinics: OrganizationRef[]; lienholders: OrganizationRef[] }> {
  const id = sql`${patientId}::uuid`;
  const [row] = rowsOf<{ clinics: OrganizationRef[]; lienholders: OrganizationRef[] }>(
    await db.execute(sql`select
      ${linkedOrganizationsJson(patientClinics, id)} as clinics,
      ${linkedOrganizationsJson(patientLienholders, id)} as lienholders`),
  );
  return { clinics: row?.clinics ?? [], lienholders: row?.lienholders ?? [] };
}

type OrganizationRef = { id: string; name: string; phone: string | null };

/** An organisation as the patient detail shows it (`OrganizationRef`), built in SQL. */
const organizationJson = sql`json_build_object('id', ${organizations.id}, 'name', ${organizations.name},
  'phone', ${organizations.phone})`;

/** The organisations linked to the patient through `link`, by name, as one JSON column. */
function linkedOrganizationsJson(
  link: typeof patientClinics | typeof patientLienholders,
  patientId: SQL,
): SQL {
  const organizationId = 'clinicId' in link ? link.clinicId : link.lienholderId;
  return sql`coalesce((
    select json_agg(${organizationJson} order by ${organizations.name})
    from ${link} inner join ${organizations} on ${organizations.id} = ${organizationId}
    where ${link.patientId} = ${patientId}), '[]'::json)`;
}

/**
 * The patient as the API shows it; `externalIdOwner` is the organisation whose id it carries.
 * What the row does not hold (clinics, firm, lienholders, gap, external id) comes in one
 * statement: it is read on every patient page and answered by every change to a patient.
 */
export async function toPatientDetail(
  db: Db,
  row: PatientRow,
  externalIdOwner: ExternalIdOwner,
): Promise<TPatientDetail> {
  const patientId = sql`${row.id}::uuid`;
  const [extras] = rowsOf<{
    clinics: OrganizationRef[];
    lienholders: OrganizationRef[];
    firm: OrganizationRef | null;
    gap_days: number | null;
    external_id: string | null;
    case_stage: CaseStage;
    is_update_overdue: boolean;
  }>(
    await db.execute(sql`select
      ${linkedOrganizationsJson(patientClinics, patientId)} as clinics,
      ${linkedOrganizationsJson(patientLienholders, patientId)} as lienholders,
      (select ${organizationJson} from ${organizations}
        where ${organizations.id} = ${row.firmId}::uuid) as firm,
      ${gapDaysOf(patientId)} as gap_days,
      ${externalIdOf(patientId, externalIdOwner)} as external_id,
      ${caseStageOf(patientId)} as case_stage,
      ${isUpdateOverdueOf(patientId)} as is_update_overdue`),
  );
  const gapDays = extras?.gap_days ?? null;
  return {
    id: row.id,
    fullName: row.fullName,
    dob: row.dob,
    intakeDate: row.intakeDate,
    evalDate: row.evalDate,
    lastTreatmentDate: row.lastTreatmentDate,
    treatmentStatus: row.treatmentStatus,
    clinics: extras?.clinics ?? [],
    firm: extras?.firm ?? null,
    lienholders: extras?.lienholders ?? [],
    pointOfContactName: row.pointOfContactName,
    pointOfContactPhone: row.pointOfContactPhone,
    createdAt: row.createdAt.toISOString(),
    gapDays: gapDays === null ? null : Number(gapDays),
    externalId: extras?.external_id ?? null,
    caseStage: extras?.case_stage ?? DEFAULT_CASE_STAGE,
    isUpdateOverdue: Boolean(extras?.is_update_overdue),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    updatedByName: row.updatedByName,
  };
}

/** How many of the ids are organisations of the kind; used to refuse foreign or wrong ids. */
export async function countOrganizationsOfKind(
  db: Db,
  kind: OrganizationKind,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(organizations)
    .where(and(eq(organizations.kind, kind), inArray(organizations.id, [...ids])));
  return Number(row?.n ?? 0);
}

export async function replacePatientClinics(
  db: Db,
  patientId: string,
  clinicIds: readonly string[],
) {
  await db.delete(patientClinics).where(eq(patientClinics.patientId, patientId));
  if (clinicIds.length > 0)
    await db.insert(patientClinics).values(clinicIds.map((clinicId) => ({ patientId, clinicId })));
}

export async function replacePatientLienholders(
  db: Db,
  patientId: string,
  lienholderIds: readonly string[],
) {
  await db.delete(patientLienholders).where(eq(patientLienholders.patientId, patientId));
  if (lienholderIds.length > 0) {
    await db
      .insert(patientLienholders)
      .values(lienholderIds.map((lienholderId) => ({ patientId, lienholderId })));
  }
}

export type HeldStatusChange = typeof heldStatusChanges.$inferSelect;

/** Holds a status change's notifications until `releaseAt`; returns the hold's id. */
export async function holdStatusChange(
  db: Db,
  values: typeof heldStatusChanges.$inferInsert,
): Promise<string> {
  const [held] = await db
    .insert(heldStatusChanges)
    .values(values)
    .returning({ id: heldStatusChanges.id });
  if (!held) throw new Error('the held status change was not written');
  return held.id;
}

/**
 * Takes a hold back for an undo: deletes the actor's own hold of this patient and returns it,
 * or nothing when it is gone (released, or undone already). A release in progress holds the row
 * lock, so the delete waits for it and then finds nothing.
 */
export async function takeHeldStatusChange(
  db: Db,
  hold: { id: string; patientId: string; actorId: string },
): Promise<HeldStatusChange | undefined> {
  const [taken] = await db
    .delete(heldStatusChanges)
    .where(
      and(
        eq(heldStatusChanges.id, hold.id),
        eq(heldStatusChanges.patientId, hold.patientId),
        eq(heldStatusChanges.actorId, hold.actorId),
      ),
    )
    .returning();
  return taken;
}

/**
 * Claims the holds whose window has closed, oldest first, deleting them in the caller's
 * transaction. SKIP LOCKED lets several instances release at once without sending a change
 * twice, and an undo that holds a row is skipped rather than waited for. Each comes with its
 * author's role and organisation, which decide who is told.
 */
export async function claimDueStatusChanges(db: Db, now: Date, limit: number) {
  const due = db
    .select({ id: heldStatusChanges.id })
    .from(heldStatusChanges)
    .where(lte(heldStatusChanges.releaseAt, now))
    .orderBy(asc(heldStatusChanges.releaseAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .delete(heldStatusChanges)
    .where(inArray(heldStatusChanges.id, due))
    .returning();
  if (claimed.length === 0) return [];
  const authors = await db
    .select({ id: users.id, role: users.role, organizationId: users.organizationId })
    .from(users)
    .where(
      inArray(
        users.id,
        claimed.map((hold) => hold.actorId),
      ),
    );
  return claimed.map((hold) => {
    const author = authors.find((candidate) => candidate.id === hold.actorId);
    return {
      ...hold,
      actorRole: author?.role ?? null,
      actorOrganizationId: author?.organizationId ?? null,
    };
  });
}
