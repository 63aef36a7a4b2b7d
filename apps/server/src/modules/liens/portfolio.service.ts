import { monthsSince } from '@casebridge/domain/liens/lien-ledger';
import {
  AGING_BUCKETS,
  getAgingBucketKey,
  type AgingBucketKey,
} from '@casebridge/domain/liens/lien-ledger-constants';
import type {
  TAgingParsed,
  TAgingReport,
  TPortfolioExportParsed,
  TPortfolioPage,
  TPortfolioParsed,
  TPortfolioRow,
} from '@casebridge/domain/liens/lien-ledger.schemas';
import { canReadLienPortfolio } from '@casebridge/domain/liens/lien-ledger.policy';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { forbidden } from '#src/lib/app-error.ts';
import { toCursorPage } from '#src/lib/cursor-page.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
import { getActorPatientScope } from '#src/modules/patients/patient-scope.ts';
import { toPortfolioCsv } from './portfolio-csv.ts';
import {
  listPortfolio,
  listPortfolioPage,
  type PortfolioFilter,
  type PortfolioRecord,
} from './portfolio.queries.ts';
import type { RequestContext } from '#src/lib/request-context.ts';

/**
 * Whose portfolio: a lienholder user always its own organisation's (a `lienholderId` it passes is
 * ignored); an administrator the lienholder it names, or every lien. Firms and clinics have no
 * portfolio (403), as they have no lienholder dashboard.
 */
function portfolioFilter(
  actor: Actor,
  query: Omit<PortfolioFilter, 'scope' | 'lienholderId'> & { lienholderId?: string | undefined },
): PortfolioFilter {
  const scope = getActorPatientScope(actor);
  const base = { search: query.search, status: query.status, hasGap: query.hasGap, scope };
  if (!canReadLienPortfolio(actor)) throw forbidden();
  if (actor.role === 'admin') return { ...base, lienholderId: query.lienholderId ?? null };
  if (!actor.organizationId) throw forbidden();
  return { ...base, lienholderId: actor.organizationId };
}

const patientIdsOf = (rows: readonly TPortfolioRow[]) => [
  ...new Set(rows.map((row) => row.patientId)),
];

const toRow = ({ agedFrom: _agedFrom, today: _today, ...row }: PortfolioRecord): TPortfolioRow =>
  row;

/** One page of the portfolio, audited as one read naming the page's patients. */
export async function getPortfolioPage(
  db: Db,
  actor: Actor,
  query: TPortfolioParsed,
  request: RequestContext,
): Promise<TPortfolioPage> {
  const filter = portfolioFilter(actor, query);
  const offset = query.cursor === undefined ? 0 : Number(query.cursor);
  const page = await listPortfolioPage(db, filter, query, { offset, limit: query.limit + 1 });
  const { items, nextCursor } = toCursorPage(page.items.map(toRow), query.limit, () =>
    String(offset + query.limit),
  );
  await auditPatientRead(db, actor, {
    action: 'lien_portfolio_viewed',
    listed: { label: 'patients', ids: patientIdsOf(items) },
    ip: request.ip,
  });
  return { total: page.total, totals: page.totals, items, nextCursor };
}

/** The whole portfolio as CSV; exporting is audited like reading, naming every patient. */
export async function exportPortfolioCsv(
  db: Db,
  actor: Actor,
  query: TPortfolioExportParsed,
  request: RequestContext,
): Promise<{ fileName: string; csv: string }> {
  const rows = (await listPortfolio(db, portfolioFilter(actor, query), query)).map(toRow);
  await auditPatientRead(db, actor, {
    action: 'lien_portfolio_exported',
    listed: { label: 'patients', ids: patientIdsOf(rows) },
    details: `${rows.length} liens as CSV`,
    ip: request.ip,
  });
  return { fileName: 'lien-portfolio.csv', csv: toPortfolioCsv(rows) };
}

/**
 * The aging chart: the portfolio's balance by whole months since intake (since the patient was
 * added when no intake date is known), in AGING_BUCKETS. Figures only, no names: the audit row
 * still lists the patients whose balances were summed.
 */
export async function getAgingReport(
  db: Db,
  actor: Actor,
  query: TAgingParsed,
  request: RequestContext,
): Promise<TAgingReport> {
  const records = await listPortfolio(db, portfolioFilter(actor, query), {
    sort: 'patient',
    direction: 'asc',
  });
  const sums = new Map<AgingBucketKey, { balanceCents: number; lienCount: number }>(
    AGING_BUCKETS.map((bucket) => [bucket.key, { balanceCents: 0, lienCount: 0 }]),
  );
  for (const record of records) {
    const sum = sums.get(getAgingBucketKey(monthsSince(record.agedFrom, record.today)));
    if (!sum) continue;
    sum.balanceCents += record.balanceCents;
    sum.lienCount += 1;
  }
  await auditPatientRead(db, actor, {
    action: 'lien_aging_viewed',
    listed: { label: 'patients', ids: patientIdsOf(records) },
    ip: request.ip,
  });
  return {
    buckets: AGING_BUCKETS.map((bucket) => ({
      key: bucket.key,
      label: bucket.label,
      ...(sums.get(bucket.key) ?? { balanceCents: 0, lienCount: 0 }),
    })),
  };
}
