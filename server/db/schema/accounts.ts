import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A person known to ELP (the relying party's side). Created on first sign-in from the ID token's claims. */
export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** OIDC `sub` at the issuer; with `issuer` it identifies the account */
    subject: text('subject').notNull(),
    issuer: text('issuer').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    middleName: text('middle_name'),
    noMiddleName: boolean('no_middle_name').notNull().default(false),
    /** Students | Instructors | Root | Guest (from the `role` claim) */
    role: text('role').notNull().default('Guest'),
    /** permission flags from Role_<Flag> claims */
    flags: text('flags').array().notNull().default([]),
    accessToPhysical: boolean('access_to_physical').notNull().default(false),
    picture: text('picture'),
    timeZone: text('time_zone'),
    language: text('language'),
    foreignCitizen: boolean('foreign_citizen').notNull().default(false),
    educationEmail: text('education_email'),
    phone: text('phone'),
    about: text('about'),
    emailConfirmed: boolean('email_confirmed').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('accounts_issuer_subject_uq').on(t.issuer, t.subject),
    index('accounts_email_idx').on(t.email),
  ],
);

/** Server-side sessions behind the HttpOnly cookie. The cookie holds a random token; only its hash is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    /** account the user switched from (linked accounts), to switch back */
    previousAccountId: integer('previous_account_id'),
    idToken: text('id_token'),
    /** the embedded provider's session (uid) this sign-in came through; ended with it at sign-out */
    providerSession: text('provider_session'),
    claims: jsonb('claims').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);

/** Users of the embedded identity provider (/oidc). Unused when OIDC_ISSUER points elsewhere. */
export const identityUsers = pgTable('identity_users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  login: text('login').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  email: text('email').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  role: text('role').notNull(),
  flags: text('flags').array().notNull().default([]),
  accessToPhysical: boolean('access_to_physical').notNull().default(false),
  /** the provider's email_verified claim: true once the address is confirmed (the demo users are) */
  emailVerified: boolean('email_verified').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failed sign-ins per key (an account's login, hashed) in a fixed window, shared by every
 * server process (Redis holds them instead when REDIS_URL is set). Swept when the window ends.
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

/** Storage for the embedded provider's artefacts (sessions, codes, grants), one row per model+id. */
export const oidcStore = pgTable(
  'oidc_store',
  {
    key: text('key').primaryKey(),
    model: text('model').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('oidc_store_grant_idx').on(t.grantId), index('oidc_store_uid_idx').on(t.uid)],
);
