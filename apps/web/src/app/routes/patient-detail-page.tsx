import * as Tabs from '@radix-ui/react-tabs';
import { canReadCaseFacts } from '@casebridge/domain/case-facts/case-facts.policy';
import { canReadVisits } from '@casebridge/domain/visits/visit.policy';
import { VISIT_TEXTS } from '@casebridge/domain/visits/visit-constants';
import { useParams } from 'react-router';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { PageSpinner } from '#src/components/ui/spinner.tsx';
import { TabBar, useTabParam } from '#src/components/ui/tab-bar.tsx';
import { ActivityTab } from '#src/features/activity/components/activity-tab.tsx';
import { AccessHistoryTab } from '#src/features/access-history/components/access-history-tab.tsx';
import { canOpenAccessHistory } from '#src/features/access-history/utils/can-open-access-history.ts';
import { TemporaryAccess } from '#src/features/access-grants/components/temporary-access.tsx';
import { BillingTab } from '#src/features/billing/components/billing-tab.tsx';
import { PatientRequests } from '#src/features/case-requests/components/patient-requests.tsx';
import { DocumentsTab } from '#src/features/documents/components/documents-tab.tsx';
import { LienLedgerPanel } from '#src/features/liens/components/lien-ledger-panel.tsx';
import { MessagesTab } from '#src/features/messages/components/messages-tab.tsx';
import { TreatmentSummaryPanel } from '#src/features/messages/components/treatment-summary-panel.tsx';
import { usePatient } from '#src/features/patients/api/patients-api.ts';
import { DemographicsTab } from '#src/features/patients/components/demographics-tab.tsx';
import { OverviewTab } from '#src/features/patients/components/overview-tab.tsx';
import { ReferOnAction } from '#src/features/referrals/components/refer-on-action.tsx';
import { PatientHeader } from '#src/features/patients/components/patient-header.tsx';
import { PatientNotFound } from '#src/features/patients/components/patient-not-found.tsx';
import { ReductionsPanel } from '#src/features/reductions/components/reductions-panel.tsx';
import { SettlementPanel } from '#src/features/settlements/components/settlement-panel.tsx';
import { ClosingSection } from '#src/features/closing/components/closing-section.tsx';
import { ApiError } from '#src/lib/api-client.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { LazyBoundary } from '#src/lib/lazy-boundary.tsx';
import { lazyComponent } from '#src/lib/lazy-component.ts';
import { uploadRequestFile } from '#src/app/upload-request-file.ts';

// The Case tab (its form brings zod and react-hook-form's field arrays) is fetched when its
// trigger is hovered or focused, or at the latest when it is opened.
const CaseTab = lazyComponent(
  () => import('#src/features/case-facts/components/case-tab.tsx'),
  (module) => module.CaseTab,
);

// The Visits tab (its forms bring zod), fetched like the Case tab.
const VisitsTab = lazyComponent(
  () => import('#src/features/visits/components/visits-tab.tsx'),
  (module) => module.VisitsTab,
);

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'demographics', label: 'Demographics' },
  { value: 'documents', label: 'Documents' },
  { value: 'messages', label: 'Messages' },
  { value: 'billing', label: 'Billing' },
  { value: 'activity', label: 'Activity' },
] as const;
/** For the parties of the patient and admins, not its contact (`canReadCaseFacts`). */
const CASE_TAB = { value: 'case', label: 'Case' } as const;
/** For the parties of the patient and admins, not its contact (`canReadVisits`). */
const VISITS_TAB = { value: 'visits', label: VISIT_TEXTS.tabLabel } as const;
/** Only for admins and the patient's clinics (`canOpenAccessHistory`). */
const ACCESS_HISTORY_TAB = { value: 'access-history', label: 'Access history' } as const;
const TAB_VALUES = [...TABS, CASE_TAB, VISITS_TAB, ACCESS_HISTORY_TAB].map((item) => item.value);

/**
 * /patients/{id}?tab=overview|demographics|documents|messages|billing|activity|case|visits|
 * access-history
 */
export function PatientDetailPage() {
  const { patientId = '' } = useParams();
  const user = useCurrentUser();
  const [tab, setTab] = useTabParam(TAB_VALUES);
  const patientQuery = usePatient(patientId);

  // After Try Again the failed query fetches again: wait for it rather than fail at once.
  if (patientQuery.isPending || (patientQuery.isError && patientQuery.isFetching))
    return <PageSpinner label="Loading patient" />;
  if (patientQuery.error) {
    if (patientQuery.error instanceof ApiError && patientQuery.error.status === 404)
      return <PatientNotFound />;
    throw patientQuery.error;
  }
  const patient = patientQuery.data;
  const hasAccessHistory = canOpenAccessHistory(user, patient);
  const hasCase = canReadCaseFacts(user);
  const hasVisits = canReadVisits(user);
  const isHidden =
    (tab === ACCESS_HISTORY_TAB.value && !hasAccessHistory) ||
    (tab === CASE_TAB.value && !hasCase) ||
    (tab === VISITS_TAB.value && !hasVisits);
  const shownTab = isHidden ? TABS[0].value : tab;
  const items = [
    ...TABS,
    ...(hasCase ? [CASE_TAB] : []),
    ...(hasVisits ? [VISITS_TAB] : []),
    ...(hasAccessHistory ? [ACCESS_HISTORY_TAB] : []),
  ];

  return (
    <div>
      <PatientHeader patient={patient} />
      <TemporaryAccess patientId={patient.id} patientName={patient.fullName} />
      <Tabs.Root value={shownTab} onValueChange={setTab}>
        <TabBar
          label="Patient record"
          items={items}
          onIntent={(value) => {
            if (value === CASE_TAB.value) CaseTab.preload();
            if (value === VISITS_TAB.value) VisitsTab.preload();
          }}
        />
        <Tabs.Content value="overview">
          <OverviewTab patient={patient} summary={<TreatmentSummaryPanel patient={patient} />} />
          <PatientRequests patient={patient} uploadFile={uploadRequestFile} />
          <ReferOnAction patient={patient} />
        </Tabs.Content>
        <Tabs.Content value="demographics">
          <DemographicsTab patient={patient} />
        </Tabs.Content>
        <Tabs.Content value="documents">
          <DocumentsTab patient={patient} />
        </Tabs.Content>
        <Tabs.Content value="messages">
          <MessagesTab patient={patient} />
        </Tabs.Content>
        <Tabs.Content value="billing">
          <BillingTab patient={patient} />
          <LienLedgerPanel patient={patient} />
          <ReductionsPanel patient={patient} />
          <SettlementPanel patient={patient} />
          <ClosingSection patient={patient} />
        </Tabs.Content>
        <Tabs.Content value="activity">
          <ActivityTab patient={patient} />
        </Tabs.Content>
        {hasCase ? (
          <Tabs.Content value={CASE_TAB.value}>
            <LazyBoundary fallback={<Skeleton className="h-96 w-full" />}>
              <CaseTab.Component patient={patient} />
            </LazyBoundary>
          </Tabs.Content>
        ) : null}
        {hasVisits ? (
          <Tabs.Content value={VISITS_TAB.value}>
            <LazyBoundary fallback={<Skeleton className="h-64 w-full" />}>
              <VisitsTab.Component patient={patient} />
            </LazyBoundary>
          </Tabs.Content>
        ) : null}
        {hasAccessHistory ? (
          <Tabs.Content value={ACCESS_HISTORY_TAB.value}>
            <AccessHistoryTab patient={patient} />
          </Tabs.Content>
        ) : null}
      </Tabs.Root>
    </div>
  );
}
