import { sql, type SQL } from 'drizzle-orm';
import type { PortfolioSort, SortDirection } from '@casebridge/domain/liens/lien-ledger-constants';
import type { TPortfolioRow } from '@casebridge/domain/liens/lien-ledger.schemas';
import {
  TREATMENT_STATUSES,
  type TreatmentStatus,
} from '@casebridge/domain/patients/treatment-status';
import type { Db } from '#src/db/client.ts';
import {
  billingEntries,
  lienPayments,
  lienPayoffs,
  organizations,
  patientLienholders,
  patients,
  reductionOffers,
  treatmentGaps,
} from '#src/db/schema/index.ts';
import {
  patientScopeCondition,
  type ActorPatientScope,
} from '#src/modules/patients/patient-scope.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Which liens: the scope's patients, of one lienholder (a lienholder's own, or an admin's pick). */
export type PortfolioFilter = {
  scope: ActorPatientScope;
  lienholderId: string | null;
  search?: string | undefined;
  status?: TreatmentStatus | undefined;
  hasGap?: boolean | undefined;
};

export type PortfolioOrder = { sort: PortfolioSort; direction: SortDirection };

const statusPosition = sql.raw(
  `array_position(array[${TREATMENT_STATUSES.map((status) => `'${status}'`).join(', ')}]::text[], r.treatment_status)`,
);

const SORT_KEYS: Record<PortfolioSort, SQL> = {
  patient: sql`lower(r.patient_name)`,
  lienholder: sql`lower(r.lienholder_name)`,
  status: statusPosition,
  billed: sql`r.billed_cents`,
  reduced: sql`r.reduced_cents`,
  paid: sql`r.paid_cents`,
  balance: sql`r.balance_cents`,
  days_since_treatment: sql`r.days_since_treatment`,
};

/**
 * One row per lien (patient and lienholder) the filter selects, with its figures in cents: the
 * patient's live billing, the lienholder's live payments and accepted reductions, the balance
 * (nothing owed once a final payoff is confirmed),
 * the last day of care (the last treatment date or a billed date of service, the later), the days
 * since, and whether a treatment gap is open.
 */
function portfolioRowsSql(filter: PortfolioFilter): SQL {
  const conditions: SQL[] = [patientScopeCondition(filter.scope)];
  if (filter.lienholderId !== null) {
    conditions.push(sql`${patientLienholders.lienholderId} = ${filter.lienholderId}`);
  }
  if (filter.status) conditions.push(sql`${patients.treatmentStatus} = ${filter.status}`);
  for (const word of filter.search?.toLowerCase().split(/\s+/).filter(Boolean) ?? []) {
    conditions.push(sql`lower(${patients.fullName}) like ${`%${escapeLike(word)}%`}`);
  }
  const hasGap = sql`exists (select 1 from ${treatmentGaps} g where g.patient_id = ${patients.id} and g.closed_at is null)`;
  if (filter.hasGap !== undefined) conditions.push(filter.hasGap ? hasGap : sql`not ${hasGap}`);
  // A confirmed final payoff waives what stays unpaid: the lien no longer owes it (lien-ledger.ts).
  const settled = sql`exists (select 1 from ${lienPayoffs} po where po.patient_id = ${patients.id} and po.lienholder_id = ${patientLienholders.lienholderId} and po.status = 'confirmed')`;
  const lastCare = sql`greatest(${patients.lastTreatmentDate}, b.last_service_on)`;
  return sql`
    select ${patients.id} as patient_id, ${patients.fullName} as patient_name,
      ${patientLienholders.lienholderId} as lienholder_id, ${organizations.name} as lienholder_name,
      ${patients.treatmentStatus} as treatment_status, ${patients.intakeDate}::text as intake_date,
      coalesce(${patients.intakeDate}, ${patients.createdAt}::date)::text as aged_from,
      current_date::text as today,
      ${lastCare}::text as last_care_date, current_date - ${lastCare} as days_since_treatment,
      ${hasGap} as has_gap,
      coalesce(b.cents, 0) as billed_cents, coalesce(rd.cents, 0) as reduced_cents,
      coalesce(pd.cents, 0) as paid_cents,
      case when ${settled}
        then least(coalesce(b.cents, 0) - coalesce(rd.cents, 0) - coalesce(pd.cents, 0), 0)
        else coalesce(b.cents, 0) - coalesce(rd.cents, 0) - coalesce(pd.cents, 0)
      end as balance_cents
    from ${patientLienholders}
    join ${patients} on ${patients.id} = ${patientLienholders.patientId}
    join ${organizations} on ${organizations.id} = ${patientLienholders.lienholderId}
    left join lateral (
      select sum(be.billed_amount_cents) as cents, max(be.date) as last_service_on
      from ${billingEntries} be where be.patient_id = ${patients.id} and be.voided_at is null
    ) b on true
    left join lateral (
      select sum(lp.amount_cents) as cents from ${lienPayments} lp
      where lp.patient_id = ${patients.id} and lp.lienholder_id = ${patientLienholders.lienholderId}
        and lp.voided_at is null
    ) pd on true
    left join lateral (
      select sum(ro.amount_cents) as cents from ${reductionOffers} ro
      where ro.patient_id = ${patients.id} and ro.lienholder_id = ${patientLienholders.lienholderId}
        and ro.status = 'accepted'
    ) rd on true
    where ${sql.join(conditions, sql` and `)}`;
}

type RawRow = {
  patient_id: string;
  patient_name: string;
  lienholder_id: string;
  lienholder_name: string;
  treatment_status: TreatmentStatus;
  intake_date: string | null;
  aged_from: string;
  today: string;
  last_care_date: string | null;
  days_since_treatment: number | string | null;
  has_gap: boolean;
  billed_cents: string | number;
  reduced_cents: string | number;
  paid_cents: string | number;
  balance_cents: string | number;
};

export type PortfolioRecord = TPortfolioRow & { agedFrom: string; today: string };

function toRecord(row: RawRow): PortfolioRecord {
  return {
    patientId: row.patient_id,
    patientName: row.patient_name,
    lienholderId: row.lienholder_id,
    lienholderName: row.lienholder_name,
    treatmentStatus: row.treatment_status,
    intakeDate: row.intake_date,
    lastCareDate: row.last_care_date,
    daysSinceTreatment: row.days_since_treatment === null ? null : Number(row.days_since_treatment),
    hasGap: row.has_gap,
    billedCents: Number(row.billed_cents),
    reducedCents: Number(row.reduced_cents),
    paidCents: Number(row.paid_cents),
    balanceCents: Number(row.balance_cents),
    agedFrom: row.aged_from,
    today: row.today,
  };
}

function orderBySql(order: PortfolioOrder): SQL {
  const direction = sql.raw(order.direction === 'desc' ? 'desc' : 'asc');
  return sql`order by ${SORT_KEYS[order.sort]} ${direction} nulls last, lower(r.patient_name), r.patient_id, r.lienholder_id`;
}

/** Every lien the filter selects, in the order asked (the CSV export and the aging chart). */
export async function listPortfolio(
  db: Db,
  filter: PortfolioFilter,
  order: PortfolioOrder,
): Promise<PortfolioRecord[]> {
  const result = await db.execute(
    sql`select * from (${portfolioRowsSql(filter)}) r ${orderBySql(order)}`,
  );
  return rowsOf<RawRow>(result).map(toRecord);
}

/** One page of the portfolio, the number of rows over all pages and the figures' totals. */
export async function listPortfolioPage(
  db: Db,
  filter: PortfolioFilter,
  order: PortfolioOrder,
  page: { offset: number; limit: number },
) {
  const rows = portfolioRowsSql(filter);
  const [pageResult, totalsResult] = await Promise.all([
    db.execute(
      sql`select * from (${rows}) r ${orderBySql(order)} limit ${page.limit} offset ${page.offset}`,
    ),
    db.execute(sql`
      select count(*) as total, coalesce(sum(r.billed_cents), 0) as billed_cents,
        coalesce(sum(r.reduced_cents), 0) as reduced_cents,
        coalesce(sum(r.paid_cents), 0) as paid_cents,
        coalesce(sum(r.balance_cents), 0) as balance_cents
      from (${rows}) r`),
  ]);
  const [totals] = rowsOf<Record<string, string | number>>(totalsResult);
  return {
    items: rowsOf<RawRow>(pageResult).map(toRecord),
    total: Number(totals?.total ?? 0),
    totals: {
      billedCents: Number(totals?.billed_cents ?? 0),
      reducedCents: Number(totals?.reduced_cents ?? 0),
      paidCents: Number(totals?.paid_cents ?? 0),
      balanceCents: Number(totals?.balance_cents ?? 0),
    },
  };
}
