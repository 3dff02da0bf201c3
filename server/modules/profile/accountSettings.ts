import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountSettingCalls as calls, DASHBOARD_WIDGETS, MAX_SETTINGS, type AccountSettings, type DashboardWidget } from '../../../shared/calls/accountSettings.js';
import { currentUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { accountSettings } from '../../db/schema/index.js';
import { validationError } from '../../errors.js';
import { route } from '../../http/route.js';

async function settingsOf(db: Db, accountId: number): Promise<AccountSettings> {
  const [row] = await db.select().from(accountSettings).where(eq(accountSettings.accountId, accountId));
  const named = (row?.widgetOrder ?? []).filter((w): w is DashboardWidget => (DASHBOARD_WIDGETS as readonly string[]).includes(w));
  return {
    settings: (row?.settings ?? {}) as AccountSettings['settings'],
    widgetOrder: [...named, ...DASHBOARD_WIDGETS.filter((w) => !named.includes(w))],
  };
}

/** GET/POST /api/AccountSetting and POST /api/AccountSetting/Sequence: the caller's own settings only. */
export function accountSettingRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;

  route(fastify, calls.get, async (request) => settingsOf(db, currentUser(request).accountId));

  route(fastify, calls.save, async (request) => {
    const { accountId } = currentUser(request);
    const current = (await settingsOf(db, accountId)).settings;
    const merged: Record<string, string | number | boolean> = { ...current };
    for (const [name, value] of Object.entries(request.body.settings)) {
      if (value === null) delete merged[name];
      else merged[name] = value;
    }
    if (Object.keys(merged).length > MAX_SETTINGS) throw validationError({ settings: `at most ${MAX_SETTINGS} settings` });
    await db
      .insert(accountSettings)
      .values({ accountId, settings: merged })
      .onConflictDoUpdate({ target: accountSettings.accountId, set: { settings: merged, updatedAt: new Date() } });
    return settingsOf(db, accountId);
  });

  route(fastify, calls.sequence, async (request) => {
    const { accountId } = currentUser(request);
    const widgetOrder = request.body.widgets;
    await db
      .insert(accountSettings)
      .values({ accountId, widgetOrder })
      .onConflictDoUpdate({ target: accountSettings.accountId, set: { widgetOrder, updatedAt: new Date() } });
    return settingsOf(db, accountId);
  });
}
