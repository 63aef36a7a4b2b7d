import { z } from 'zod';

/** One of the signed-in user's sessions, as the Security page lists it. */
export const ZAccountSession = z.object({
  id: z.string(),
  /** 'Chrome on Windows', from the user agent (describeUserAgent). */
  device: z.string(),
  ipAddress: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  isCurrent: z.boolean(),
});
export type TAccountSession = z.infer<typeof ZAccountSession>;

export const ZAccountSessionList = z.object({ items: z.array(ZAccountSession) });
export type TAccountSessionList = z.infer<typeof ZAccountSessionList>;

/** Session ids are better-auth's opaque strings; the length is bounded, the format is not. */
export const ZSessionIdParams = z.object({ sessionId: z.string().min(1).max(128) });

/** How many sessions a request ended. */
export const ZEndedSessions = z.object({ ended: z.number().int().nonnegative() });
export type TEndedSessions = z.infer<typeof ZEndedSessions>;

export const SESSION_MESSAGES = {
  cannotEndOwnAsAdmin: 'To end your own sessions, use the Security page.',
  sessionNotFound: 'That session has already ended.',
} as const;
