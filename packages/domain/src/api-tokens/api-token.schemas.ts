import { z } from 'zod';
import { CAPABILITIES, TOKEN_CAPABILITIES, type Capability } from '../capabilities.ts';
import { requiredText } from '../common.schemas.ts';
import { MAX_PAGE_SIZE } from '../constants.ts';
import {
  ASSIGNABLE_ROLES,
  ROLE_ORGANIZATION_KIND,
  type AssignableRole,
  type OrganizationKind,
} from '../roles.ts';

/**
 * Machine API tokens (docs/architecture.md, 'API tokens'). An administrator
 * creates a token for an organisation (or for administrators), with a name, a set of
 * capabilities its role allows (TOKEN_CAPABILITIES, capabilities.ts) and an expiry; the secret
 * is shown once and only its SHA-256 is stored. A client sends it as `Authorization: Bearer`.
 */

/** Every secret starts so, then 32 random bytes in base64url (43 characters). */
export const API_TOKEN_SECRET_PREFIX = 'cbt_';
export const API_TOKEN_SECRET_PATTERN = /^cbt_[A-Za-z0-9_-]{43}$/;
/** How many of the secret's first characters are kept to recognise it in the list. */
export const API_TOKEN_PREFIX_LENGTH = 8;
export const API_TOKEN_NAME_MAX = 100;
export const API_TOKEN_MAX_LIFETIME_DAYS = 365;
/** The expiry the create form offers first. */
export const API_TOKEN_DEFAULT_LIFETIME_DAYS = 90;
export const API_TOKENS_PAGE_SIZE = 20;
export const API_TOKENS_COUNT_CAP = 1000;

export const API_TOKEN_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiTokenStatus = (typeof API_TOKEN_STATUSES)[number];

export const API_TOKEN_STATUS_LABELS: Record<ApiTokenStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

export const API_TOKEN_TEXTS = {
  nameRequired: 'Token name is required (at most 100 characters)',
  organizationInvalid: 'Choose an organisation, or Administrators',
  organizationNotFound: 'This organisation does not exist',
  capabilitiesRequired: 'Choose at least one capability',
  capabilityNotAllowed: (capability: string, roleLabel: string) =>
    `A token for ${roleLabel} cannot hold "${capability}"`,
  expiryInvalid: 'Expiry must be a date and time',
  expiryPast: 'Expiry must be in the future',
  expiryTooFar: `Expiry must be at most ${API_TOKEN_MAX_LIFETIME_DAYS} days from now`,
  created: 'API token created',
  createFailed: 'Failed to create the API token',
  revoked: 'API token revoked',
  revokeFailed: 'Failed to revoke the API token',
  alreadyRevoked: 'This token is already revoked',
  notFound: 'API token not found',
  secretWarning: 'Copy this secret now. It will not be shown again.',
} as const;

/** The role a token acts with: the organisation's kind, or admin for an administrators' token. */
export function tokenRoleFor(organizationKind: OrganizationKind | null): AssignableRole {
  if (organizationKind === null) return 'admin';
  const role = ASSIGNABLE_ROLES.find(
    (candidate) => ROLE_ORGANIZATION_KIND[candidate] === organizationKind,
  );
  if (!role) throw new Error(`No role for organisation kind ${organizationKind}`);
  return role;
}

/** The capabilities a token of the role may hold, in the order of CAPABILITIES. */
export function tokenCapabilitiesFor(role: AssignableRole): readonly Capability[] {
  return TOKEN_CAPABILITIES[role];
}

/** Readable labels for the create form's checkboxes and the list (see capabilityLabel). */
const CAPABILITY_LABELS: Partial<Record<Capability, string>> = {
  session: 'Browser session',
  'patients:read': 'Read patients',
  'patients:create': 'Create patients',
  'patients:update-status': 'Change patient status',
  'patients:edit-demographics': 'Edit patient details',
  'patients:assign-organizations': 'Assign organisations to patients',
  'documents:upload': 'Upload documents',
  'billing:create': 'Add billing entries',
  'billing:edit': 'Edit billing entries',
  'billing:void': 'Void billing entries',
  'messages:send': 'Send messages',
  'notifications:own': 'Own notifications',
  'directory:read': 'Read the directory',
  'organizations:manage': 'Manage organisations',
  'admin:users': 'Manage users',
  'admin:templates': 'Manage templates',
  'admin:audit': 'Read the audit log',
  'admin:settings': 'Manage settings',
  'admin:tools': 'System tools',
  'admin:access-requests': 'Review access requests',
  'admin:mail': 'Read the mail outbox',
  'admin:access-grants': 'Grant temporary access',
  'admin:metrics': 'Read metrics and system status',
  'requests:read': 'Read requests',
  'requests:create': 'Create requests',
  'requests:respond': 'Respond to requests',
  'gaps:configure': 'Configure treatment gaps',
  'liens:read': 'Read liens',
  'liens:record-payment': 'Record lien payments',
  'reductions:negotiate': 'Negotiate reductions',
  'settlements:manage': 'Manage settlements',
  'case-facts:read': 'Read case facts',
  'case-facts:edit': 'Edit case facts and stage',
  'referrals:read': 'Read referrals',
  'referrals:create': 'Send referrals',
  'referrals:respond': 'Accept or decline referrals',
  'visits:read': 'Read visits',
  'visits:edit': 'Schedule and record visits',
  'case-updates:post': 'Post case updates',
  'case-updates:request': 'Ask for case updates',
  'case-updates:configure': 'Set how often case updates are owed',
  'admin:api-tokens': 'Manage API tokens',
  'webhooks:manage': 'Manage webhooks',
  ['patients:external-ids' as Capability]: 'Set external patient ids',
};

/** A capability as people read it; the name itself for one without a label yet. */
export function capabilityLabel(capability: Capability): string {
  return CAPABILITY_LABELS[capability] ?? capability;
}

/** An instant with its offset; checked against the clock when parsed. */
const ZExpiresAt = z.iso
  .datetime({ offset: true, message: API_TOKEN_TEXTS.expiryInvalid })
  .superRefine((value, ctx) => {
    const at = Date.parse(value);
    const now = Date.now();
    if (at <= now) ctx.addIssue({ code: 'custom', message: API_TOKEN_TEXTS.expiryPast });
    else if (at > now + API_TOKEN_MAX_LIFETIME_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', message: API_TOKEN_TEXTS.expiryTooFar });
  });

/**
 * Creating a token. Whether each capability suits the role is checked once the organisation's
 * kind is known (the service; the form offers only those).
 */
export const ZCreateApiTokenRequest = z.object({
  name: requiredText(API_TOKEN_TEXTS.nameRequired, API_TOKEN_NAME_MAX),
  organizationId: z.uuid(API_TOKEN_TEXTS.organizationInvalid).nullable(),
  capabilities: z
    .array(z.enum(CAPABILITIES), { message: API_TOKEN_TEXTS.capabilitiesRequired })
    .min(1, API_TOKEN_TEXTS.capabilitiesRequired)
    .max(CAPABILITIES.length)
    .transform((list) => CAPABILITIES.filter((capability) => list.includes(capability))),
  expiresAt: ZExpiresAt,
});
export type TCreateApiTokenRequest = z.input<typeof ZCreateApiTokenRequest>;

/**
 * The capabilities of `requested` a token of the role may not hold; empty when all are allowed.
 */
export function disallowedTokenCapabilities(
  role: AssignableRole,
  requested: readonly Capability[],
): Capability[] {
  const allowed = tokenCapabilitiesFor(role);
  return requested.filter((capability) => !allowed.includes(capability));
}

/** A token as the admin list shows it; never the secret. */
export const ZApiToken = z.object({
  id: z.uuid(),
  name: z.string(),
  organizationId: z.uuid().nullable(),
  /** Null for an administrators' token. */
  organizationName: z.string().nullable(),
  role: z.enum(ASSIGNABLE_ROLES),
  capabilities: z.array(z.enum(CAPABILITIES)),
  /** The secret's first characters (`cbt_xxxx`), to recognise it. */
  prefix: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedByName: z.string().nullable(),
  /** By the database's clock when the list was read. */
  status: z.enum(API_TOKEN_STATUSES),
});
export type TApiToken = z.infer<typeof ZApiToken>;

/** The answer to a create: the token and its secret, shown this once. */
export const ZCreateApiTokenResult = z.object({ token: ZApiToken, secret: z.string() });
export type TCreateApiTokenResult = z.infer<typeof ZCreateApiTokenResult>;

/**
 * The list's query, in the one page style of the API (`cursor` from the previous page's
 * `nextCursor`, `limit` per page); the cursor is a token id.
 */
export const ZListApiTokensQuery = z.object({
  cursor: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(API_TOKENS_PAGE_SIZE),
});
export type TListApiTokensQuery = z.input<typeof ZListApiTokensQuery>;

export const ZApiTokenPage = z.object({
  /** Every token, counted up to API_TOKENS_COUNT_CAP. */
  total: z.number().int(),
  isTotalCapped: z.boolean(),
  items: z.array(ZApiToken),
  /** The cursor of the next page; null when this page is the last. */
  nextCursor: z.string().nullable(),
});
export type TApiTokenPage = z.infer<typeof ZApiTokenPage>;

export const ZApiTokenParams = z.object({ tokenId: z.string().max(64) });
