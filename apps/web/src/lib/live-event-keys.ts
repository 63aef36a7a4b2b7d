import type { TLiveEvent, TLiveEventTopic } from '@casebridge/domain/events/live-events';

/**
 * Which cached queries each live-event topic makes stale. The domain's contract names topics,
 * audiences and payloads; the query keys are the web's own, so they are mapped here, beside the
 * handler that invalidates them (live-events.ts). Adding a topic to the contract is a type error
 * here until it says what the topic makes stale.
 */

/** A TanStack Query key prefix: every cached query whose key starts with it is made stale. */
export type TQueryKeyPrefix = readonly string[];

/**
 * The prefixes the live events invalidate. Keys start with their feature (docs/CONTRIBUTING.md),
 * so a prefix covers a feature's lists and details, and each is the start of that feature's key
 * factory (`patientKeys.all` is `['patients']`, `messageKeys.patient(id)` is `['messages', id]`).
 * lib/ may not import features/, so the prefixes are named here.
 */
export const liveQueryKeys = {
  patients: () => ['patients'],
  notifications: () => ['notifications'],
  /** A patient's thread; every thread for an event about no one patient. */
  messages: (patientId: string | null) => (patientId ? ['messages', patientId] : ['messages']),
  documents: (patientId: string | null) => (patientId ? ['documents', patientId] : ['documents']),
  accessGrants: (patientId: string | null) =>
    patientId ? ['access-grants', patientId] : ['access-grants'],
  settlements: (patientId: string | null) =>
    patientId ? ['settlements', patientId] : ['settlements'],
  /** A patient's Activity feed. */
  activity: (patientId: string) => ['activity', patientId],
  /** A patient's case facts (the Case tab). */
  caseFacts: (patientId: string | null) => (patientId ? ['case-facts', patientId] : ['case-facts']),
  /** The clinic's referral queue and the sender's list of referrals. */
  referrals: () => ['referrals'],
  /** A patient's visits (the Visits tab); every visit list, the clinics' day lists included. */
  visits: (patientId: string | null) => (patientId ? ['visits', patientId] : ['visits']),
  /** A patient's case updates (the Case tab), and the dashboards' overdue counts. */
  caseUpdates: (patientId: string | null) =>
    patientId ? ['case-updates', patientId] : ['case-updates'],
  /** A patient's settlement, payoffs and final bills, and the lienholder's payoff inbox. */
  closing: () => ['closing'],
  billing: () => ['billing'],
  liens: () => ['liens'],
  caseRequests: () => ['case-requests'],
  organizations: () => ['organizations'],
  templates: () => ['templates'],
  admin: () => ['admin'],
  session: () => ['session'],
  accountSessions: () => ['account-sessions'],
} as const satisfies Record<string, (...args: never[]) => TQueryKeyPrefix>;

const keys = liveQueryKeys;

/** A patient's change can hide or show Intake document notifications. */
const patientKeys = () => [keys.patients(), keys.notifications()];
const threadKeys = (event: { patientId: string | null }) => [keys.messages(event.patientId)];
const notificationKeys = () => [keys.notifications()];
const adminKeys = () => [keys.admin()];
const billingKeys = (event: { patientId: string | null }) => [
  keys.billing(),
  keys.liens(),
  keys.caseFacts(event.patientId),
];
/** A change that adds an item to the patient's Activity feed makes the feed stale too. */
const withActivity = <E extends { patientId: string | null }>(
  keysOf: (event: E) => readonly TQueryKeyPrefix[],
) => {
  return (event: E): readonly TQueryKeyPrefix[] =>
    event.patientId ? [...keysOf(event), keys.activity(event.patientId)] : keysOf(event);
};

const STALE_KEYS = {
  'patient.created': patientKeys,
  'patient.updated': withActivity(patientKeys),
  // Never sent to a browser (audience `webhooks`).
  'patient.status-released': () => [],
  'patient.access-changed': (event) => [keys.accessGrants(event.patientId)],
  'message.created': withActivity(threadKeys),
  'message.read': threadKeys,
  'message.changed': withActivity(threadKeys),
  'document.created': withActivity((event) =>
    event.patientId ? [keys.documents(event.patientId), keys.patients()] : [keys.documents(null)],
  ),
  // A hidden document also hides the notification about it.
  'document.changed': withActivity((event) =>
    event.patientId
      ? [keys.documents(event.patientId), keys.patients(), keys.notifications()]
      : [keys.documents(null), keys.notifications()],
  ),
  // A billing line changes what every lien of the patient is billed, so the ledgers go stale too,
  // and the specials the Case tab holds against the policy limits.
  'billing.created': withActivity(billingKeys),
  'billing.changed': withActivity(billingKeys),
  'notification.created': notificationKeys,
  'notification.read': notificationKeys,
  'organization.changed': () => [keys.organizations(), keys.patients()],
  'user.changed': adminKeys,
  'access-request.created': adminKeys,
  'access-request.reviewed': adminKeys,
  'template.changed': () => [keys.templates(), keys.admin()],
  // Settings change the session timeout, who may add patients and the upload limit shown.
  'settings.changed': () => [keys.session(), keys.admin(), keys.documents(null)],
  'sessions.ended': () => [keys.accountSessions()],
  'access-grant.changed': () => [keys.accessGrants(null), keys.patients(), keys.notifications()],
  'case-request.changed': (event) =>
    event.patientId ? [keys.caseRequests(), keys.activity(event.patientId)] : [keys.caseRequests()],
  'treatment-gap.changed': (event) =>
    event.patientId
      ? [keys.patients(), keys.liens(), keys.activity(event.patientId)]
      : [keys.patients()],
  // The settlement preview counts each lien's balance, so it follows the ledger.
  'lien.changed': (event) =>
    event.patientId
      ? [keys.liens(), keys.settlements(event.patientId), keys.activity(event.patientId)]
      : [keys.liens(), keys.settlements(null)],
  'settlement.changed': (event) => [keys.settlements(event.patientId)],
  // A stage move also resets the update clock, shows in the lists' stage column and the feed.
  'case-facts.changed': withActivity((event) => [
    keys.caseFacts(event.patientId),
    keys.caseUpdates(event.patientId),
    keys.patients(),
  ]),
  // Never sent to a browser (audience `webhooks`).
  'case-facts.stage-changed': () => [],
  // An accepted referral adds a patient to both sides' lists (its own patient.created says so too).
  'referral.changed': () => [keys.referrals(), keys.patients()],
  // Never sent to a browser (audience `webhooks`).
  'referral.created': () => [],
  'referral.responded': () => [],
  // A visit changes the patient's tab, every open day list (the day's lists are keyed by clinic,
  // not patient), the last treatment date and the feed.
  'visit.changed': withActivity(() => [keys.visits(null), keys.patients()]),
  // Never sent to a browser (audience `webhooks`).
  'visit.recorded': () => [],
  // A note or an ask: the Case tab, the overdue counts and flags, and the Activity feed.
  'case-updates.changed': withActivity(() => [keys.caseUpdates(null), keys.patients()]),
  // Never sent to a browser (audience `webhooks`).
  'case-updates.posted': () => [],
  'case-updates.requested': () => [],
  // A closed case leaves the active lists, so the patient lists refetch too.
  'closing.changed': (event) => [
    keys.closing(),
    keys.liens(),
    keys.patients(),
    keys.caseFacts(event.patientId),
  ],
  // Never sent to a browser (audience `webhooks`).
  'settlement.recorded': () => [],
  'payoff.proposed': () => [],
  'payoff.confirmed': () => [],
  'payoff.disputed': () => [],
  'case.closed': () => [],
} as const satisfies {
  [K in TLiveEventTopic]: (event: TLiveEvent<K>) => readonly TQueryKeyPrefix[];
};

/**
 * The query-key prefixes an event makes stale. Of the details, the handler refetches only the
 * event's own patient's (live-events.ts, `meta.patientId`).
 */
export function getStaleQueryKeys(event: TLiveEvent): readonly TQueryKeyPrefix[] {
  const staleKeysOf = STALE_KEYS[event.topic] as (event: TLiveEvent) => readonly TQueryKeyPrefix[];
  return staleKeysOf(event);
}
