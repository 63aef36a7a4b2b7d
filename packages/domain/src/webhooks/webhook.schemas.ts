import { z } from 'zod';
import type { TLiveEventTopic } from '../events/live-events.ts';

/**
 * Webhooks: the event types a receiver can subscribe to, where each comes
 * from in the live-event contract (events/live-events.ts), and the shapes of the API under
 * /api/webhooks. A delivery carries ids only, never health information: a receiver reads the
 * details through the API with its token.
 */
export const WEBHOOK_EVENT_TYPES = [
  'patient.status-changed',
  'document.added',
  'billing.added',
  'message.created',
  'request.changed',
  'case.stage-changed',
  'referral.created',
  'referral.responded',
  'visit.recorded',
  'case.update-posted',
  'case.update-requested',
  'settlement.recorded',
  'payoff.proposed',
  'payoff.confirmed',
  'payoff.disputed',
  'case.closed',
] as const;
export type TWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * Each event type with the live-event topic it comes from and the payload field naming its
 * record. A status change is told when its undo window closes (`patient.status-released`), so
 * an undone change is never told. One topic feeds at most one type, so an event makes at most
 * one delivery per endpoint (the outbox is unique on endpoint and event).
 */
export const WEBHOOK_EVENT_SOURCES = {
  'patient.status-changed': { topic: 'patient.status-released', recordField: null },
  'document.added': { topic: 'document.created', recordField: 'documentId' },
  'billing.added': { topic: 'billing.created', recordField: 'entryId' },
  'message.created': { topic: 'message.created', recordField: 'messageId' },
  'request.changed': { topic: 'case-request.changed', recordField: 'requestId' },
  'case.stage-changed': { topic: 'case-facts.stage-changed', recordField: null },
  'referral.created': { topic: 'referral.created', recordField: 'referralId' },
  'referral.responded': { topic: 'referral.responded', recordField: 'referralId' },
  'visit.recorded': { topic: 'visit.recorded', recordField: 'visitId' },
  'case.update-posted': { topic: 'case-updates.posted', recordField: 'updateId' },
  'case.update-requested': { topic: 'case-updates.requested', recordField: 'askId' },
  'settlement.recorded': { topic: 'settlement.recorded', recordField: null },
  'payoff.proposed': { topic: 'payoff.proposed', recordField: 'payoffId' },
  'payoff.confirmed': { topic: 'payoff.confirmed', recordField: 'payoffId' },
  'payoff.disputed': { topic: 'payoff.disputed', recordField: 'payoffId' },
  'case.closed': { topic: 'case.closed', recordField: null },
} as const satisfies Record<
  TWebhookEventType,
  { topic: TLiveEventTopic; recordField: string | null }
>;

/** What the settings screens call each type. */
export const WEBHOOK_EVENT_LABELS: Record<TWebhookEventType, string> = {
  'patient.status-changed': 'Patient status changed',
  'document.added': 'Document added',
  'billing.added': 'Billing line added',
  'message.created': 'Message posted',
  'request.changed': 'Records or bills request changed',
  'case.stage-changed': 'Legal case stage changed',
  'referral.created': 'Referral sent',
  'referral.responded': 'Referral accepted or declined',
  'visit.recorded': 'Visit outcome recorded',
  'case.update-posted': 'Case update posted',
  'case.update-requested': 'Case update requested',
  'settlement.recorded': 'Settlement recorded',
  'payoff.proposed': 'Lien payoff proposed',
  'payoff.confirmed': 'Lien payoff confirmed',
  'payoff.disputed': 'Lien payoff disputed',
  'case.closed': 'Case closed',
};

/** Headers of every delivery. */
export const WEBHOOK_HEADERS = {
  event: 'x-casebridge-event',
  delivery: 'x-casebridge-delivery',
  signature: 'x-casebridge-signature',
} as const;

/** A signing secret starts with this; the rest is random (shown once). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** How many attempts a delivery gets before it is marked failed. */
export const WEBHOOK_MAX_ATTEMPTS = 6;
/** The waits after each failed attempt (the sixth failure gives up). */
export const WEBHOOK_RETRY_DELAYS_MS = [
  30_000,
  2 * 60_000,
  10 * 60_000,
  60 * 60_000,
  6 * 60 * 60_000,
] as const;
/** How much of a receiver's answer is kept. */
export const WEBHOOK_RESPONSE_KEEP_BYTES = 2048;
export const WEBHOOKS_PAGE_SIZE = 20;
export const WEBHOOK_ENDPOINTS_MAX = 100;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type TWebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The API's words for a refused field; the dialog words its own checks (WEBHOOK_FORM_TEXTS). */
const WEBHOOK_API_TEXTS = {
  urlRequired: 'is required',
  urlTooLong: 'must be at most 2000 characters',
  urlInvalid: 'must be an https:// address',
  eventTypesRequired: 'choose at least one event type',
} as const;

/** What the 'Add webhook endpoint' dialog says of its own checks (the specification's words). */
export const WEBHOOK_FORM_TEXTS = {
  urlInvalid: 'Enter an https:// address',
  eventTypesRequired: 'Choose at least one event type',
} as const;

// The request and the form check the same rules, each in its own words.
const eventTypesField = (required: string) =>
  z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'must be one of the webhook event types' }))
    .min(1, { error: required })
    .max(WEBHOOK_EVENT_TYPES.length)
    .transform((types) => [...new Set(types)]);

const urlField = (texts: { required: string; tooLong: string; invalid: string }) =>
  z
    .string()
    .trim()
    .min(1, { error: texts.required })
    .max(2000, { error: texts.tooLong })
    .pipe(z.url({ protocol: /^https?$/, error: texts.invalid }));

const ZEventTypes = eventTypesField(WEBHOOK_API_TEXTS.eventTypesRequired);
const ZUrl = urlField({
  required: WEBHOOK_API_TEXTS.urlRequired,
  tooLong: WEBHOOK_API_TEXTS.urlTooLong,
  invalid: WEBHOOK_API_TEXTS.urlInvalid,
});

/** Blank is no description: null, as the endpoint stores and answers it. */
const ZDescription = z
  .string()
  .trim()
  .max(500, { error: 'must be at most 500 characters' })
  .transform((value) => (value === '' ? null : value));

export const ZCreateWebhookEndpoint = z.strictObject({
  url: ZUrl,
  /**
   * Absent, null or blank: no description. Null is taken as the update takes it, so that what
   * this schema makes of a blank description (null) is itself a valid request.
   */
  description: ZDescription.nullable().optional(),
  eventTypes: ZEventTypes,
  /** Admins only: the organisation whose scope it has; absent or null: every patient. */
  organizationId: z.uuid().nullable().optional(),
});
export type TCreateWebhookEndpoint = z.input<typeof ZCreateWebhookEndpoint>;
export type TCreateWebhookEndpointData = z.output<typeof ZCreateWebhookEndpoint>;

/**
 * The 'Add webhook endpoint' dialog as the user edits it: the address, a description, the
 * event types ticked and, for an administrator only, the organisation chosen ('' for All
 * patients; absent for anyone else, who may not name one). Checked by the request's own rules
 * in the dialog's words; its output is the create request, a blank description sent as null.
 */
export const ZCreateWebhookForm = z
  .object({
    url: urlField({
      required: WEBHOOK_FORM_TEXTS.urlInvalid,
      tooLong: WEBHOOK_API_TEXTS.urlTooLong,
      invalid: WEBHOOK_FORM_TEXTS.urlInvalid,
    }),
    description: ZDescription,
    organizationId: z
      .literal('')
      .transform(() => null)
      .or(ZCreateWebhookEndpoint.shape.organizationId),
    eventTypes: eventTypesField(WEBHOOK_FORM_TEXTS.eventTypesRequired),
  })
  .transform(({ organizationId, ...fields }): TCreateWebhookEndpoint => ({
    ...fields,
    ...(organizationId === undefined ? {} : { organizationId }),
  }));
export type TCreateWebhookForm = z.input<typeof ZCreateWebhookForm>;

export const ZUpdateWebhookEndpoint = z
  .strictObject({
    url: ZUrl.optional(),
    description: ZDescription.nullable().optional(),
    eventTypes: ZEventTypes.optional(),
    active: z.boolean().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    error: 'name at least one of url, description, eventTypes, active',
  });
export type TUpdateWebhookEndpoint = z.input<typeof ZUpdateWebhookEndpoint>;
export type TUpdateWebhookEndpointData = z.output<typeof ZUpdateWebhookEndpoint>;

export const ZWebhookEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string().nullable(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  active: z.boolean(),
  /** Null: an administrators' endpoint for every patient. */
  organizationId: z.uuid().nullable(),
  organizationName: z.string().nullable(),
  createdByName: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** The latest delivery's outcome, for the list. */
  lastDelivery: z
    .object({
      status: z.enum(WEBHOOK_DELIVERY_STATUSES),
      statusCode: z.number().int().nullable(),
      at: z.iso.datetime(),
    })
    .nullable(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZWebhookEndpointList = z.object({ items: z.array(ZWebhookEndpoint) });
export type TWebhookEndpointList = z.infer<typeof ZWebhookEndpointList>;

/** The create and rotate answers: the endpoint with its secret, shown this once. */
export const ZWebhookEndpointWithSecret = ZWebhookEndpoint.extend({
  secret: z.string().startsWith(WEBHOOK_SECRET_PREFIX),
});
export type TWebhookEndpointWithSecret = z.infer<typeof ZWebhookEndpointWithSecret>;

export const ZWebhookEndpointParams = z.object({ endpointId: z.uuid() });
export const ZWebhookDeliveryParams = z.object({ endpointId: z.uuid(), deliveryId: z.uuid() });

/** The API's one page style: `cursor` from the previous page's `nextCursor`, and `limit`. */
export const ZListWebhookDeliveriesQuery = z.strictObject({
  /** The id of the last delivery already shown: the page holds those after it (newest first). */
  cursor: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(WEBHOOKS_PAGE_SIZE),
});
export type TListWebhookDeliveriesQuery = z.input<typeof ZListWebhookDeliveriesQuery>;

export const ZWebhookDelivery = z.object({
  id: z.uuid(),
  endpointId: z.uuid(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  /** The live event it came from; null for a replay (see replayOf). */
  eventId: z.number().int().nullable(),
  replayOf: z.uuid().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  /** The first 2 KB of the receiver's last answer. */
  lastResponseBody: z.string().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.iso.datetime().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  deliveredAt: z.iso.datetime().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryPage = z.object({
  items: z.array(ZWebhookDelivery),
  /** The cursor of the next page; null when this page is the last. */
  nextCursor: z.uuid().nullable(),
});
export type TWebhookDeliveryPage = z.infer<typeof ZWebhookDeliveryPage>;

/** What a receiver gets: ids only. */
export const ZWebhookPayload = z.object({
  id: z.uuid(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  occurredAt: z.iso.datetime(),
  data: z.object({
    /** Null only for a referral that has no patient (yet): sent, or declined, for a new client. */
    patientId: z.uuid().nullable(),
    documentId: z.string().optional(),
    entryId: z.string().optional(),
    messageId: z.string().optional(),
    requestId: z.string().optional(),
    referralId: z.string().optional(),
    payoffId: z.string().optional(),
  }),
});
export type TWebhookPayload = z.infer<typeof ZWebhookPayload>;
