import {
  ACCIDENT_TYPE_LABELS,
  CASE_FACTS_MESSAGES,
  CASE_STAGE_LABELS,
  COVERAGE_LABELS,
  DEFAULT_CASE_STAGE,
} from '@casebridge/domain/case-facts/case-facts-constants';
import type { TCaseFactsRecord } from '@casebridge/domain/case-facts/case-facts.schemas';
import { Section } from '#src/components/ui/section.tsx';
import { formatCents, formatDate } from '#src/lib/format.ts';

const notRecorded = CASE_FACTS_MESSAGES.notRecorded;

function Facts({ rows }: { rows: ReadonlyArray<[string, string]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-ink-muted">{label}</dt>
          <dd className="font-medium break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The case facts for the parties that read them: the clinics, lienholders and other firms. */
export function CaseFactsReadOnly({ facts }: { facts: TCaseFactsRecord | null }) {
  const stage = facts?.stage ?? DEFAULT_CASE_STAGE;
  return (
    <Section id="case-facts-heading" title="Case facts">
      <div className="space-y-4 rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-6">
        <p className="text-sm text-ink-muted">
          Read-only: the patient’s attorney firm or an administrator keeps the case facts.
        </p>
        <Facts
          rows={[
            ['Legal case stage', CASE_STAGE_LABELS[stage]],
            ['Accident date', facts?.accidentDate ? formatDate(facts.accidentDate) : notRecorded],
            [
              'Accident type',
              facts?.accidentType ? ACCIDENT_TYPE_LABELS[facts.accidentType] : notRecorded,
            ],
            ['Firm case number', facts?.firmCaseNumber ?? notRecorded],
          ]}
        />
        <h3 className="font-semibold text-ink">Insurers</h3>
        {!facts || facts.insurers.length === 0 ? (
          <p className="text-sm text-ink-muted">{CASE_FACTS_MESSAGES.noInsurers}</p>
        ) : (
          <ul className="space-y-3">
            {facts.insurers.map((insurer) => (
              <li key={insurer.id} className="rounded-md border border-border p-3">
                <p className="mb-2 font-medium text-ink">
                  {insurer.carrier} · {COVERAGE_LABELS[insurer.coverage]}
                </p>
                <Facts
                  rows={[
                    ['Claim number', insurer.claimNumber ?? notRecorded],
                    [
                      'Policy limit',
                      insurer.policyLimitCents === null
                        ? notRecorded
                        : formatCents(insurer.policyLimitCents),
                    ],
                    [
                      'Adjuster',
                      [insurer.adjusterName, insurer.adjusterPhone, insurer.adjusterEmail]
                        .filter(Boolean)
                        .join(' · ') || notRecorded,
                    ],
                  ]}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Section>
  );
}
