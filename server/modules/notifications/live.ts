import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/client.js';
import type { Tx } from '../students/shared.js';
import { NOTIFICATIONS_CHANGED, NOTIFICATIONS_HUB } from '../../../shared/calls/notifications.js';

/**
 * Live unread counts. Producers write notifications inside their own transactions, so a push
 * sent from notify() could announce a row that is then rolled back, or arrive before the
 * commit (the client would refetch the old count). A PostgreSQL NOTIFY inside the transaction
 * is delivered only when it commits, and not at all on rollback: notify() raises one, the
 * listener below pushes to the accounts' hub connections. On PostgreSQL every server process
 * listens, so a reader connected to another process hears it too.
 */
export const CHANNEL = 'elp_notifications';
/** NOTIFY payloads are limited to 8000 bytes: account ids go in chunks. */
const IDS_PER_SIGNAL = 500;

/** Tells the accounts' open pages (after the current transaction commits) that their notifications changed. */
export async function signalChanged(db: Db | Tx, accountIds: number[]): Promise<void> {
  const ids = [...new Set(accountIds)];
  for (let i = 0; i < ids.length; i += IDS_PER_SIGNAL) {
    await db.execute(sql`select pg_notify(${CHANNEL}, ${ids.slice(i, i + IDS_PER_SIGNAL).join(',')})`);
  }
}

function push(app: FastifyInstance, payload: string): void {
  for (const part of payload.split(',')) {
    const id = Number(part);
    // every process hears the NOTIFY itself: a Redis fan-out on top would push it once per process
    if (Number.isInteger(id) && id > 0) app.hubs.deliverLocally(NOTIFICATIONS_HUB, id, NOTIFICATIONS_CHANGED);
  }
}

/** Listens on the channel while the app runs (PGlite in process, or a dedicated PostgreSQL connection). */
export function listenForChanges(app: FastifyInstance): void {
  const { database } = app;
  let stop: (() => Promise<void>) | null = null;
  let closing = false;

  const listenPostgres = async (): Promise<void> => {
    const client = new pg.Client(database.pool!.options as pg.ClientConfig);
    client.on('notification', (msg) => { if (msg.channel === CHANNEL && msg.payload) push(app, msg.payload); });
    let replaced = false;
    client.on('error', (err) => {
      app.log.warn({ err }, 'notifications listener lost its connection');
      if (closing || replaced) return;
      replaced = true;
      void client.end().catch(() => undefined);
      relisten();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      replaced = true;
      await client.end().catch(() => undefined);
      throw err;
    }
    stop = async () => { await client.end().catch(() => undefined); };
  };

  /**
   * A lost connection is replaced, every 5 s until the server answers (a restart may take longer
   * than one try). What was signalled meanwhile was not heard: the pages are asked to reconnect,
   * and each refetches its count when it does.
   */
  const relisten = (): void => {
    setTimeout(() => {
      if (closing) return;
      listenPostgres().then(
        () => {
          const n = app.hubs.askToReconnect(NOTIFICATIONS_HUB);
          app.log.info({ connections: n }, 'notifications listener back: pages asked to reconnect');
        },
        (err: unknown) => {
          app.log.warn({ err }, 'notifications listener failed, trying again');
          relisten();
        },
      );
    }, 5_000).unref();
  };

  app.addHook('onReady', async () => {
    if (database.pglite) {
      const unlisten = await database.pglite.listen(CHANNEL, (payload) => push(app, payload));
      stop = () => unlisten();
    } else if (database.pool) {
      await listenPostgres();
    }
  });
  app.addHook('onClose', async () => {
    closing = true;
    await stop?.();
  });
}
