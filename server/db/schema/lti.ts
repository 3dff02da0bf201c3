// LTI 1.3 platform (issue 30 item 1): ELP's signing key, the tools Root registers, the resource
// links of external tool exercises, the one-use messages of a launch or a deep linking round and
// the client assertions already used.
import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { createdAt, id, tstz, updatedAt } from './_columns.js';
import { courses } from './courses.js';
import { exercises } from './content.js';

/** ELP's RSA key pair that signs id_tokens, deep linking requests and access tokens (made once, on first use). */
export const ltiKeys = pgTable('lti_keys', {
  kid: text('kid').primaryKey(),
  /** private JWK (jose's export) */
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

/** A registered LTI 1.3 tool: what ELP sends it and how it proves itself (its JWKS URL or public key). */
export const ltiTools = pgTable('lti_tools', {
  id: id(),
  name: text('name').notNull(),
  /** the client id ELP gave the tool (the `aud` of ELP's id_tokens, the `iss` of the tool's) */
  clientId: text('client_id').notNull().unique(),
  deploymentId: text('deployment_id').notNull(),
  /** OIDC third-party login initiation URL */
  loginUrl: text('login_url').notNull(),
  /** the launch URL (target_link_uri) when a link names none */
  targetLinkUri: text('target_link_uri').notNull(),
  /** where the tool may have the id_token posted; the target link URI is always allowed */
  redirectUris: text('redirect_uris').array().notNull().default([]),
  jwksUrl: text('jwks_url'),
  /** PEM (SPKI) public key when the tool has no JWKS URL */
  publicKey: text('public_key'),
  /** 'iframe' | 'window' */
  presentation: text('presentation').$type<'iframe' | 'window'>().notNull().default('iframe'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The resource link of an external tool exercise: its tool, and the content picked by deep linking. */
export const ltiLinks = pgTable(
  'lti_links',
  {
    exerciseId: integer('exercise_id').primaryKey().references(() => exercises.id, { onDelete: 'cascade' }),
    toolId: integer('tool_id').notNull().references(() => ltiTools.id, { onDelete: 'restrict' }),
    /** the content item's URL (deep linking); null: the tool's target link URI */
    url: text('url'),
    title: text('title'),
    custom: jsonb('custom').$type<Record<string, string>>().notNull().default({}),
    /** the content item's own presentation; null: the tool's */
    presentation: text('presentation').$type<'iframe' | 'window'>(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lti_links_tool_idx').on(t.toolId)],
);

/**
 * A one-use message between the login initiation and the auth request (the `lti_message_hint`)
 * or between a deep linking request and its response (the `data` claim): who, what, until when.
 */
export const ltiMessages = pgTable('lti_messages', {
  id: text('id').primaryKey(),
  kind: text('kind').$type<'launch' | 'deepLink'>().notNull(),
  accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  toolId: integer('tool_id').notNull().references(() => ltiTools.id, { onDelete: 'cascade' }),
  exerciseId: integer('exercise_id').notNull().references(() => exercises.id, { onDelete: 'cascade' }),
  courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
  /** the course role of the launch: 'student' | 'instructor' */
  courseRole: text('course_role').$type<'student' | 'instructor'>().notNull(),
  /** the auth request consumed it (a login hint serves one id_token) */
  usedAt: tstz('used_at'),
  /** a deep linking response came back for it (one per request) */
  returnedAt: tstz('returned_at'),
  expiresAt: tstz('expires_at').notNull(),
  createdAt: createdAt(),
});

/**
 * The client assertions a tool has used at the token endpoint (their `jti`), kept until they
 * expire: an assertion seen in transit (a log, a proxy) cannot be played again for a token.
 */
export const ltiAssertions = pgTable(
  'lti_assertions',
  {
    toolId: integer('tool_id')
      .notNull()
      .references(() => ltiTools.id, { onDelete: 'cascade' }),
    jti: text('jti').notNull(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.toolId, t.jti] }), index('lti_assertions_expires_idx').on(t.expiresAt)],
);
