import { z } from 'zod';
import { DOCUMENT_CATEGORIES, NOTIFICATION_TYPES } from '../constants.ts';

/**
 * The live-event contract between the server, which publishes an event in the transaction of each
 * change, and the browser, which refetches what the change made stale. For every topic: who
 * receives it, what its payload holds, and which cached queries it invalidates. Adding a topic
 * means adding it to each table below; the `satisfies` clauses make a missing entry a type error.
 *
 * Who receives it:
 * - `patient`: whoever may see the patient now (a document event: whoever may see its category);
 *   the event carries `patientId`.
 * - `recipients`: the users listed in the event (one event, however many recipients).
 * - `admins`: administrators only.
 * - `everyone`: every signed-in user (the change is about no patient: directory, templates,
 *   settings).
 * - `webhooks`: no browser; the webhook fan-out reads it (modules/webhooks). The event carries
 *   `patientId`, which decides which endpoints hear of it (a referral's events: the referral's
 *   organisations, and `patientId` null while there is no patient).
 */
export const LIVE_EVENT_AUDIENCES = {
  'patient.created': 'patient',
  'patient.updated': 'patient',
  'patient.status-released': 'webhooks',
  'patient.access-changed': 'patient',
  'message.created': 'patient',
  'message.read': 'patient',
  'message.changed': 'patient',
  'document.created': 'patient',
  'document.changed': 'patient',
  'billing.created': 'patient',
  'billing.changed': 'patient',
  'notification.created': 'recipients',
  'notification.read': 'recipients',
  'organization.changed': 'everyone',
  'user.changed': 'admins',
  'access-request.created': 'admins',
  'access-request.reviewed': 'admins',
  'template.changed': 'everyone',
  'settings.changed': 'everyone',
  'sessions.ended': 'recipients',
  'access-grant.changed': 'recipients',
  // The three-party workflow (docs/architecture/three-party-workflow.md).
  'case-request.changed': 'patient',
  'treatment-gap.changed': 'patient',
  'lien.changed': 'patient',
  'settlement.changed': 'recipients',
  // Case facts (docs/architecture/case-facts.md).
  'case-facts.changed': 'patient',
  'case-facts.stage-changed': 'webhooks',
  // Referrals (docs/architecture/referrals.md): the referring organisation's and the receiving
  // clinic's users; the webhook source events carry the referral, and the patient once there is one.
  'referral.changed': 'recipients',
  'referral.created': 'webhooks',
  'referral.responded': 'webhooks',
  // Visits (docs/architecture/visits.md).
  'visit.changed': 'patient',
  'visit.recorded': 'webhooks',
  // Case updates owed (docs/architecture/case-updates.md).
  'case-updates.changed': 'patient',
  'case-updates.posted': 'webhooks',
  'case-updates.requested': 'webhooks',
  // Settlement and disbursement (docs/architecture/closing-the-case.md).
  'closing.changed': 'patient',
  'settlement.recorded': 'webhooks',
  'payoff.proposed': 'webhooks',
  'payoff.confirmed': 'webhooks',
  'payoff.disputed': 'webhooks',
  'case.closed': 'webhooks',
} as const satisfies Record<string, 'patient' | 'recipients' | 'admins' | 'everyone' | 'webhooks'>;

export type TLiveEventTopic = keyof typeof LIVE_EVENT_AUDIENCES;
export type TLiveEventAudience = (typeof LIVE_EVENT_AUDIENCES)[TLiveEventTopic];
export const LIVE_EVENT_TOPICS = Object.keys(LIVE_EVENT_AUDIENCES) as TLiveEventTopic[];

const empty = z.object({});

/** What each topic's payload holds: ids to refetch by, never health information. */
export const LIVE_EVENT_PAYLOADS = {
  'patient.created': empty,
  'patient.updated': empty,
  // A status change's undo window closed (the change stands): its notifications went out with
  // it, and webhooks tell receivers now (webhooks/webhook.schemas.ts). The status never travels.
  'patient.status-released': empty,
  // Temporary access to the patient was granted or revoked: the patient's panel refetches.
  'patient.access-changed': empty,
  'message.created': z.object({ messageId: z.string() }),
  'message.read': z.object({ count: z.number().int().nonnegative() }),
  // An edit or a retraction: the thread is refetched; the text never travels in the event.
  'message.changed': z.object({ messageId: z.string() }),
  // The category decides who may receive the event (the Intake rule).
  'document.created': z.object({ documentId: z.string(), category: z.enum(DOCUMENT_CATEGORIES) }),
  // Re-categorised or removed: the categories before and after, so whoever could see it in either
  // receives it (a document moved to Intake must vanish from an attorney's open list).
  'document.changed': z.object({
    documentId: z.string(),
    categories: z.array(z.enum(DOCUMENT_CATEGORIES)).min(1).max(2),
  }),
  'billing.created': z.object({ entryId: z.string() }),
  // An edit or a void: totals, the lienholder's figures and a line's history change with it.
  'billing.changed': z.object({ entryId: z.string() }),
  'notification.created': z.object({ type: z.enum(NOTIFICATION_TYPES) }),
  'notification.read': empty,
  'organization.changed': z.object({ id: z.string().optional() }),
  'user.changed': empty,
  'access-request.created': empty,
  'access-request.reviewed': empty,
  'template.changed': z.object({ id: z.string().optional() }),
  'settings.changed': empty,
  // Some of the user's sessions ended (sign-out, Security page, an admin, deactivation): every
  // instance re-checks its open streams at once, and the user's other pages refetch the list.
  'sessions.ended': empty,
  // The user's own temporary access changed: their patient list and the patient page refetch.
  'access-grant.changed': empty,
  // A records or bills request was made, answered or fulfilled.
  'case-request.changed': z.object({ requestId: z.string() }),
  // A gap opened or closed: the badges, the Gaps filter and the portfolio change.
  'treatment-gap.changed': empty,
  // A payment, a reduction offer or its answer on the lien of this lienholder.
  'lien.changed': z.object({ lienholderId: z.string() }),
  // The firm's settlement worksheet was saved: only the firm's users receive it.
  'settlement.changed': empty,
  // The case facts were saved (the accident, insurers, case number or stage): the Case tab refetches.
  'case-facts.changed': empty,
  // The legal stage moved: webhooks tell receivers (webhooks/webhook.schemas.ts); no browser hears it.
  'case-facts.stage-changed': empty,
  // A referral was sent, answered or withdrawn: the queue and the sent list refetch.
  'referral.changed': z.object({ referralId: z.string() }),
  // Webhook sources (webhooks/webhook.schemas.ts); no browser hears them.
  'referral.created': z.object({ referralId: z.string() }),
  'referral.responded': z.object({ referralId: z.string() }),
  // A visit was scheduled, recorded or corrected: the Visits tab and the clinic's day list refetch.
  'visit.changed': z.object({ visitId: z.string() }),
  // A visit's outcome was recorded (attended, no-show, cancelled, rescheduled): webhooks only.
  'visit.recorded': z.object({ visitId: z.string() }),
  // A note was posted or an update asked for: the Case tab and the overdue counts refetch.
  'case-updates.changed': empty,
  // Never sent to a browser (audience `webhooks`): the sources of two webhook types.
  'case-updates.posted': z.object({ updateId: z.string() }),
  'case-updates.requested': z.object({ askId: z.string() }),
  // The settlement, a payoff or a bill's final mark changed: the closing section refetches.
  'closing.changed': empty,
  // Webhook sources (webhooks/webhook.schemas.ts); no browser hears them.
  'settlement.recorded': empty,
  'payoff.proposed': z.object({ payoffId: z.string() }),
  'payoff.confirmed': z.object({ payoffId: z.string() }),
  'payoff.disputed': z.object({ payoffId: z.string() }),
  'case.closed': empty,
} as const satisfies Record<TLiveEventTopic, z.ZodType>;

export type TLiveEventPayload<T extends TLiveEventTopic> = z.infer<(typeof LIVE_EVENT_PAYLOADS)[T]>;

// The header's name lives apart from this zod module: the browser's API client sends it with
// every write, and no page should load zod for a string (ADR 0015).
export { WRITE_ORIGIN_HEADER } from './write-origin.ts';
export const ZWriteOrigin = z.string().regex(/^[A-Za-z0-9_-]{8,64}\.\d{1,12}$/);

/** An event as the stream sends it (`data:` of an `event: change` frame). */
export type TLiveEvent<T extends TLiveEventTopic = TLiveEventTopic> = {
  [K in T]: {
    id: number;
    topic: K;
    patientId: string | null;
    payload: TLiveEventPayload<K>;
    /** The write that made it, when it came from this user's browser (WRITE_ORIGIN_HEADER). */
    origin?: string;
  };
}[T];

/**
 * The event in a stream frame, checked against the contract; null for a topic this build does
 * not know (a newer server) or a frame that does not match it.
 */
export function parseLiveEvent(data: unknown): TLiveEvent | null {
  const frame = z
    .object({
      id: z.number().int().positive(),
      topic: z.string(),
      patientId: z.string().nullable(),
      payload: z.unknown(),
      origin: ZWriteOrigin.optional(),
    })
    .safeParse(data);
  if (!frame.success || !(frame.data.topic in LIVE_EVENT_PAYLOADS)) return null;
  const topic = frame.data.topic as TLiveEventTopic;
  const payload = LIVE_EVENT_PAYLOADS[topic].safeParse(frame.data.payload ?? {});
  if (!payload.success) return null;
  return { ...frame.data, topic, payload: payload.data } as TLiveEvent;
}
