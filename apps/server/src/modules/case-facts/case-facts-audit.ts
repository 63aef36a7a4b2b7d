import type { TSaveCaseFactsParsed } from '@casebridge/domain/case-facts/case-facts.schemas';
import type { caseFacts, caseInsurers } from '#src/db/schema/index.ts';

type FactsRow = typeof caseFacts.$inferSelect;
type InsurerRow = typeof caseInsurers.$inferSelect;

const FACT_LABELS = {
  accidentDate: 'accident date',
  accidentType: 'accident type',
  firmCaseNumber: 'case number',
} as const;

/** Whether a kept insurer was saved with other values than it had. */
function isInsurerChanged(row: InsurerRow, input: TSaveCaseFactsParsed['insurers'][number]) {
  return (
    row.coverage !== input.coverage ||
    row.carrier !== input.carrier ||
    row.claimNumber !== input.claimNumber ||
    row.adjusterName !== input.adjusterName ||
    row.adjusterPhone !== input.adjusterPhone ||
    row.adjusterEmail !== input.adjusterEmail ||
    (row.policyLimitCents === null ? null : Number(row.policyLimitCents)) !== input.policyLimit
  );
}

/**
 * The audit row's words for a save: which facts changed and what happened to the insurers,
 * never the values themselves (the record and its versions hold those).
 * 'Case facts version 3: accident date, case number; insurers: 1 added, 1 updated'.
 */
export function describeCaseFactsSave(
  version: number,
  before: FactsRow | null,
  insurersBefore: readonly InsurerRow[],
  input: TSaveCaseFactsParsed,
): string {
  const facts = (Object.keys(FACT_LABELS) as Array<keyof typeof FACT_LABELS>)
    .filter((field) => (before ? before[field] : null) !== input[field])
    .map((field) => FACT_LABELS[field]);
  const byId = new Map(insurersBefore.map((row) => [row.id, row]));
  const kept = input.insurers.filter((insurer) => insurer.insurerId !== undefined);
  const counts = {
    added: input.insurers.length - kept.length,
    updated: kept.filter((insurer) => {
      const row = byId.get(insurer.insurerId!);
      return row !== undefined && isInsurerChanged(row, insurer);
    }).length,
    removed: insurersBefore.length - kept.length,
  };
  const insurers = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([what, n]) => `${n} ${what}`);
  const parts = [
    facts.length > 0 ? facts.join(', ') : null,
    insurers.length > 0 ? `insurers: ${insurers.join(', ')}` : null,
  ].filter((part): part is string => part !== null);
  return `Case facts version ${version}${parts.length > 0 ? `: ${parts.join('; ')}` : ''}`;
}
