import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { profileCalls as calls, type ProfileProperties } from '../../../shared/calls/profile.js';
import { checkPersonalFields } from '../../../shared/profile.js';
import { currentUser, forgetAccount } from '../../auth/context.js';
import { embeddedIssuer } from '../../auth/provider.js';
import type { Db } from '../../db/client.js';
import { accounts, attributeValueHistory, identityUsers } from '../../db/schema/index.js';
import { AppError, notFound, requestLang } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate } from '../../i18n/messages.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const profileColumns = {
  accountId: accounts.id,
  eMail: accounts.email,
  lastName: accounts.lastName,
  firstName: accounts.firstName,
  middleName: accounts.middleName,
  noMiddleName: accounts.noMiddleName,
  timeZone: accounts.timeZone,
  foreignCitizen: accounts.foreignCitizen,
  educationEmail: accounts.educationEmail,
  phone: accounts.phone,
  about: accounts.about,
  picture: accounts.picture,
  language: accounts.language,
  issuer: accounts.issuer,
  subject: accounts.subject,
};

async function loadProfile(db: Db | Tx, accountId: number, lock = false) {
  const query = db.select(profileColumns).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  // a save reads what it compares under a lock: two saves at once write a true history
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound('AccountNotFound');
  return row;
}

const answer = ({ issuer: _i, subject: _s, language, ...row }: Awaited<ReturnType<typeof loadProfile>>): ProfileProperties => ({
  ...row,
  language: language === 'ru' || language === 'en' ? language : null,
});

const asText = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * Writes changed account fields and one profile-history row per change (the instructor's
 * /changes screen reads them: `field` names the personal field).
 */
export async function saveAccountFields(tx: Tx, accountId: number, changedBy: number, before: Record<string, unknown>, values: Record<string, unknown>): Promise<string[]> {
  const changed = Object.keys(values).filter((k) => asText(before[k]) !== asText(values[k]));
  if (!changed.length) return [];
  await tx.update(accounts).set(Object.fromEntries(changed.map((k) => [k, values[k]]))).where(eq(accounts.id, accountId));
  await tx.insert(attributeValueHistory).values(
    changed.map((field) => ({ accountId, field, oldValue: asText(before[field]), newValue: asText(values[field]), changedBy })),
  );
  return changed;
}

/** GET and POST /api/profile/properties: the personal fields of the caller's profile. */
export function propertiesRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;
  const embedded = fastify.config.embeddedOidc ? embeddedIssuer(fastify.config) : null;

  route(fastify, calls.properties, async (request) => answer(await loadProfile(db, currentUser(request).accountId)));

  route(fastify, calls.saveProperties, async (request) => {
    const user = currentUser(request);
    const { saved, problems, profile } = await db.transaction(async (tx) => {
      const before = await loadProfile(tx, user.accountId, true);
      const { values, problems } = checkPersonalFields(request.body, before);
      const saved = await saveAccountFields(tx, user.accountId, user.accountId, before, values);
      // the embedded provider hands out the names at each sign-in: keep its user in step, or the next sign-in undoes the edit
      if (embedded && before.issuer === embedded && (saved.includes('lastName') || saved.includes('firstName')) && /^\d+$/.test(before.subject)) {
        const names = { ...(values.lastName ? { lastName: values.lastName } : {}), ...(values.firstName ? { firstName: values.firstName } : {}) };
        await tx.update(identityUsers).set(names).where(eq(identityUsers.id, Number(before.subject)));
      }
      return { saved, problems, profile: await loadProfile(tx, user.accountId) };
    });
    if (saved.length) forgetAccount(db, user.accountId);
    const invalid = Object.entries(problems);
    if (invalid.length) {
      const lang = requestLang(request);
      const fields = Object.fromEntries(
        invalid.map(([field, p]) => [field, translate(lang, `profile.error.${p!.key}`, { label: translate(lang, `profile.field.${field}`), ...p!.vars })]),
      );
      // the valid fields are saved all the same (spec 2 §6): the answer names them and carries the profile
      throw new AppError(400, 'ValidationError', { title: 'profile.partlySaved', fields, extra: { saved, profile: answer(profile) } });
    }
    return answer(profile);
  });
}
