import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '@casebridge/domain/roles';
import { organizations } from './organizations.ts';
import { timestamps, versioned } from './columns.ts';

export type UserKind = 'person' | 'service';

/**
 * Users and the tables better-auth needs (user, session, account, verification). Property
 * names follow better-auth's field names; the columns are snake_case.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role').$type<Role>().notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'restrict',
    }),
    active: boolean('active').notNull().default(true),
    /** False while 'Require approval for new users' holds the account back. */
    approved: boolean('approved').notNull().default(true),
    authProviderCreated: boolean('auth_provider_created').notNull().default(false),
    /**
     * When the last e-mail telling the user of repeated failed sign-ins was queued
     * (modules/auth/login-throttle.ts), so a long attack sends one alert per window, not one per try.
     */
    signInAlertSentAt: timestamp('sign_in_alert_sent_at', { withTimezone: true }),
    createdBy: text('created_by'),
    createdByName: text('created_by_name'),
    /**
     * 'person' for everyone who signs in; 'service' for the account an API token acts as (issue
     * 14): it has no password, never receives mail or notifications and is left out of user lists.
     */
    kind: text('kind').$type<UserKind>().notNull().default('person'),
    ...timestamps(),
    ...versioned(),
  },
  (t) => [
    check('users_kind_check', sql`${t.kind} in ('person', 'service')`),
    check(
      'users_role_check',
      sql`${t.role} in ('clinic', 'attorney', 'lienholder', 'admin', 'contact')`,
    ),
    check(
      'users_organization_check',
      sql`(${t.role} in ('admin', 'contact')) or ${t.organizationId} is not null`,
    ),
    index('users_organization_idx').on(t.organizationId),
    index('users_role_idx').on(t.role),
    // The admin's user list pages by keyset in its order, created_at desc then e-mail.
    index('users_created_at_email_idx').on(t.createdAt.desc(), t.email.asc()),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** Maintained by CaseBridge, not better-auth: drives the idle timeout. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * True from a password sign-in of a user with a second factor until that factor is checked
     * (modules/mfa): such a session opens only the second-factor routes, never data.
     */
    secondFactorPending: boolean('second_factor_pending').notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Failed sign-ins, counted per account and per IP for throttling (shared by all instances). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * The columns of a single-use, time-limited link mailed to a user: only the SHA-256 of its token
 * is stored, and `usedAt` is set by the one request that claims it.
 */
const singleUseLink = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use, time-limited links for a new user to set a password. Only the hash is stored. */
export const userInvitations = pgTable('user_invitations', singleUseLink(), (t) => [
  index('user_invitations_user_idx').on(t.userId),
]);

/**
 * Single-use, 30-minute password reset links, asked for by the user or sent by an admin. Only the
 * hash of the token is stored; using one ends every session of the user.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    ...singleUseLink(),
    /** The admin who sent the link; null when the user asked for it. */
    requestedBy: text('requested_by'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * A user's authenticator-app (TOTP) factor. The secret is stored encrypted (modules/mfa);
 * `confirmedAt` is null while enrolment waits for the first code.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The last time step a code was accepted for, so one code cannot be used twice. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  ...timestamps(),
});

/** Ten one-time recovery codes per enrolment; only their hashes are kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** Failed second-factor attempts, counted per user for throttling (shared by all instances). */
export const secondFactorFailures = pgTable(
  'second_factor_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('second_factor_failures_user_idx').on(t.userId, t.createdAt)],
);
