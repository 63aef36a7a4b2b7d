import { FIRM_DASHBOARD_PAGE_SIZE } from '@casebridge/domain/constants';
import { COUNTER_HINTS, getFirmCounters } from '@casebridge/domain/patients/dashboard-counters';
import { REFERRAL_TEXTS } from '@casebridge/domain/referrals/referral-constants';
import { CheckCircle2, FileClock, HeartPulse, Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { StatCard, StatCardGrid } from '#src/components/ui/stat-card.tsx';
import {
  ClosedCaseFilterSelect,
  closedQueryOf,
  useClosedParam,
} from '#src/features/patients/components/closed-case-filter.tsx';
import { useAuth } from '#src/lib/auth-context.tsx';
import { LazyBoundary } from '#src/lib/lazy-boundary.tsx';
import { lazyComponent } from '#src/lib/lazy-component.ts';
import { OverdueUpdatesNotice } from '#src/features/case-facts/components/overdue-updates-notice.tsx';
import { DashboardPage } from '#src/features/patients/components/dashboard-page.tsx';
import { GapFilter, useGapParam } from '#src/features/patients/components/gap-filter.tsx';
import {
  PatientActionLink,
  PatientTableSection,
} from '#src/features/patients/components/paged-patient-table.tsx';
import { useCaseDashboard } from '#src/features/patients/hooks/use-case-dashboard.ts';
import {
  LazyReferClientDialog,
  preloadReferralDialogs,
} from '#src/features/referrals/components/lazy-referral-dialogs.tsx';

// The setting's form brings the domain schema (zod): it loads after the dashboard (ADR 0015).
const CaseUpdateSettingPanel = lazyComponent(
  () => import('#src/features/case-facts/components/case-update-setting-panel.tsx'),
  (module) => module.CaseUpdateSettingPanel,
);

export function FirmDashboardPage() {
  const { user } = useAuth();
  const firmId = user?.role === 'attorney' ? user.organization?.id : undefined;
  const [gap, setGap] = useGapParam();
  const [isReferring, setIsReferring] = useState(false);
  const [closed, setClosed] = useClosedParam();
  const closedQuery = closedQueryOf(closed);
  const { counters, list, pages, error } = useCaseDashboard(
    FIRM_DASHBOARD_PAGE_SIZE,
    getFirmCounters,
    { ...(gap ? { gap } : {}), ...(closedQuery ? { closed: closedQuery } : {}) },
  );

  return (
    <DashboardPage
      title="Attorney Firm Dashboard"
      description="Your clients' treatment and case status."
      actions={
        <Button
          onPointerEnter={preloadReferralDialogs}
          onFocus={preloadReferralDialogs}
          onClick={() => setIsReferring(true)}
        >
          {REFERRAL_TEXTS.referAction}
        </Button>
      }
      error={error}
    >
      {isReferring ? <LazyReferClientDialog onClose={() => setIsReferring(false)} /> : null}
      <StatCardGrid label="Case counts">
        <StatCard
          label="In Treatment"
          value={counters?.inTreatment}
          icon={HeartPulse}
          hint={COUNTER_HINTS.inTreatment}
        />
        <StatCard label="Awaiting Docs" value={counters?.awaitingDocs} icon={FileClock} />
        <StatCard label="Completed" value={counters?.completed} icon={CheckCircle2} />
        <StatCard label="Total Cases" value={counters?.total} icon={Users} />
      </StatCardGrid>
      <OverdueUpdatesNotice />
      <div className="mb-4 flex flex-wrap justify-end gap-3">
        <GapFilter
          value={gap}
          onChange={(next) => {
            setGap(next);
            pages.reset();
          }}
        />
        <ClosedCaseFilterSelect
          value={closed}
          onChange={(next) => {
            setClosed(next);
            pages.reset();
          }}
        />
      </div>
      <PatientTableSection
        headingId="client-cases-heading"
        title="Client Cases"
        data={list.data}
        pages={pages}
        pageSize={FIRM_DASHBOARD_PAGE_SIZE}
        pagesLabel="Client case pages"
        renderActions={(patient) => (
          <PatientActionLink
            patientId={patient.id}
            label="View Case"
            accessibleName={`View Case: ${patient.fullName}`}
          />
        )}
      />
      {firmId ? (
        <LazyBoundary fallback={<Skeleton className="mt-8 h-40" />}>
          <CaseUpdateSettingPanel.Component firmId={firmId} />
        </LazyBoundary>
      ) : null}
    </DashboardPage>
  );
}
