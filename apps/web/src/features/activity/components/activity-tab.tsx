import {
  ACTIVITY_KIND_LABELS,
  ACTIVITY_KIND_TABS,
} from '@casebridge/domain/activity/activity-texts';
import type { ActivityKind } from '@casebridge/domain/activity/activity-constants';
import type { TActivityItem } from '@casebridge/domain/activity/activity.schemas';
import { formatRelativeTime } from '@casebridge/domain/format/relative-time';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { ROLE_LABELS } from '@casebridge/domain/roles';
import {
  Activity,
  AlarmClock,
  CalendarCheck,
  Briefcase,
  FileText,
  HandCoins,
  Inbox,
  MessageSquare,
  MessageSquareText,
  Percent,
  Receipt,
  Send,
  UserPen,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useActivityFeed } from '#src/features/activity/api/activity-api.ts';

const KIND_ICONS: Record<ActivityKind, LucideIcon> = {
  status_changed: Activity,
  demographics_edited: UserPen,
  message: MessageSquare,
  document: FileText,
  billing_line: Receipt,
  case_request: Inbox,
  reduction: Percent,
  payment: HandCoins,
  gap_opened: AlarmClock,
  gap_closed: AlarmClock,
  referral: Send,
  visit: CalendarCheck,
  case_stage: Briefcase,
  case_update: MessageSquareText,
};

const TAB_NAMES = {
  overview: 'Overview',
  demographics: 'Demographics',
  documents: 'Documents',
  messages: 'Messages',
  billing: 'Billing',
  visits: 'Visits',
  case: 'Case',
} as const;

export const ACTIVITY_TEXTS = {
  heading: 'Activity',
  intro: 'Everything that happened on this patient that you may see, newest first.',
  empty: 'No activity yet.',
  loadFailed: 'The activity could not be loaded. Try again.',
  loadMore: 'Load more',
  loading: 'Loading…',
} as const;

function ActivityEntry({
  item,
  patientId,
  now,
}: {
  item: TActivityItem;
  patientId: string;
  now: Date;
}) {
  const Icon = KIND_ICONS[item.kind];
  const tab = ACTIVITY_KIND_TABS[item.kind];
  const who = item.actorName
    ? `${item.actorName}${item.actorRole ? ` (${ROLE_LABELS[item.actorRole]})` : ''}`
    : 'CaseBridge';
  return (
    <li className="flex gap-3 py-3">
      <span
        aria-hidden
        className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-surface-muted text-ink"
      >
        <Icon className="h-4 w-4" />
      </span>
      <article className="min-w-0 flex-1" aria-labelledby={`activity-${item.id}`}>
        <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-ink-muted">
          <span className="font-semibold uppercase tracking-wide text-ink">
            {ACTIVITY_KIND_LABELS[item.kind]}
          </span>
          <time dateTime={item.occurredAt} title={new Date(item.occurredAt).toLocaleString()}>
            {formatRelativeTime(item.occurredAt, now)}
          </time>
        </p>
        <h3 id={`activity-${item.id}`} className="break-words text-sm font-medium text-ink">
          {item.summary}
        </h3>
        <p className="flex flex-wrap gap-x-3 text-xs text-ink-muted">
          <span>By {who}</span>
          <Link
            to={`/patients/${encodeURIComponent(patientId)}${tab === 'overview' ? '' : `?tab=${tab}`}`}
            className="text-brand underline-offset-2 hover:underline"
          >
            Open in {TAB_NAMES[tab]}
            <span className="sr-only">: {item.summary}</span>
          </Link>
        </p>
      </article>
    </li>
  );
}

/**
 * The patient's 'Activity' tab: status changes, demographics edits, messages,
 * documents, billing lines, requests, reductions, payments and gap alerts in time order, each
 * linking to the tab that shows its record. The server leaves out what the user may not see; the
 * list follows live events (['activity', patientId]) and loads older items on demand.
 */
export function ActivityTab({ patient }: { patient: Pick<TPatientDetail, 'id'> }) {
  const feed = useActivityFeed(patient.id);
  const items = feed.data?.pages.flatMap((page) => page.items);
  const now = new Date();

  return (
    <section aria-labelledby="activity-heading" className="max-w-3xl">
      <h2 id="activity-heading" className="text-lg font-semibold text-ink">
        {ACTIVITY_TEXTS.heading}
      </h2>
      <p className="mb-3 text-sm text-ink-muted">{ACTIVITY_TEXTS.intro}</p>
      {feed.error && !items ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
          {ACTIVITY_TEXTS.loadFailed}
          <Button variant="secondary" size="sm" onClick={() => void feed.refetch()}>
            Try again
          </Button>
        </div>
      ) : !items ? (
        <Spinner label="Loading activity" className="h-32" />
      ) : items.length === 0 ? (
        <p className="text-sm text-ink-muted">{ACTIVITY_TEXTS.empty}</p>
      ) : (
        <ol aria-label="Patient activity, newest first" className="divide-y divide-border">
          {items.map((item) => (
            <ActivityEntry key={item.id} item={item} patientId={patient.id} now={now} />
          ))}
        </ol>
      )}
      {feed.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={() => void feed.fetchNextPage()}
          disabled={feed.isFetchingNextPage}
        >
          {feed.isFetchingNextPage ? ACTIVITY_TEXTS.loading : ACTIVITY_TEXTS.loadMore}
        </Button>
      ) : null}
    </section>
  );
}
