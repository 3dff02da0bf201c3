import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { allows, type RuleKey } from '../../shared/permissions.js';
import { loadUser, SESSION_COOKIE, type AuthUser } from '../auth/context.js';
import { unauthorized } from '../errors.js';
import { findNulByte } from '../http/nulBytes.js';
import { isForeignRequest } from '../http/origin.js';
import { redisChannel } from '../redis.js';
import { HubPresence } from './presence.js';
import { CallLimiter, DEFAULT_HUB_LIMITS, type HubLimits } from './limits.js';
import { frame, MessageType, parseRecords, type InvocationMessage } from './protocol.js';

/** A hub method: receives the caller and the invocation arguments; its result completes the invocation. */
export type HubMethod = (ctx: HubCallContext, ...args: unknown[]) => unknown | Promise<unknown>;

export interface HubDefinition {
  /** URL path, e.g. /hubs/chat */
  path: string;
  /** who may connect (permission table key) */
  rule: RuleKey;
  methods: Record<string, HubMethod>;
  onConnected?(connection: HubConnectionInfo): void | Promise<void>;
  /** per-connection ceilings (limits.ts); read when a connection opens */
  limits?: Partial<HubLimits>;
}

export interface HubConnectionInfo {
  id: string;
  user: AuthUser;
}

export interface HubCallContext {
  connection: HubConnectionInfo;
  app: FastifyInstance;
}

interface Connection extends HubConnectionInfo {
  hub: HubDefinition;
  socket: WebSocket;
  handshaken: boolean;
  limiter: CallLimiter;
}

const PING_MS = 15_000;
/** Redis channel of the pushes between server processes (REDIS_URL). */
export const HUB_CHANNEL = 'elp:hubs';

interface FannedOut {
  /** the process that delivered it to its own connections already */
  origin: string;
  path: string;
  accountId: number;
  target: string;
  args: unknown[];
}

/**
 * A small SignalR server: negotiate (POST {path}/negotiate), WebSocket
 * transport, JSON protocol handshake, invocations with completions, pings,
 * and pushes to every connection of an account. Persist first, then push:
 * hub methods store what they receive before answering (ARCHITECTURE §3).
 */
export class HubServer {
  private readonly hubs = new Map<string, HubDefinition>();
  private readonly pending = new Map<string, { hub: HubDefinition; user: AuthUser; expires: number }>();
  private readonly connections = new Set<Connection>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private pinger?: NodeJS.Timeout;
  private closing = false;
  /** this process on the hub channel: its own messages come back and are skipped */
  private readonly origin = randomBytes(9).toString('base64url');
  private publish: ((message: string) => void) | null = null;
  private presence = new HubPresence(null, this.origin, () => undefined);

  constructor(private readonly app: FastifyInstance) {}

  register(hub: HubDefinition): void {
    const path = hub.path.toLowerCase();
    this.hubs.set(path, hub);
    this.app.post(`${hub.path}/negotiate`, { config: { rule: hub.rule }, schema: { hide: true } }, async (request) => {
      if (!request.user) throw unauthorized();
      const token = randomBytes(18).toString('base64url');
      this.pending.set(token, { hub, user: request.user, expires: Date.now() + 60_000 });
      return {
        negotiateVersion: 1,
        connectionId: token.slice(0, 12),
        connectionToken: token,
        availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
      };
    });
  }

  /** Attaches the WebSocket upgrade handler to the HTTP server. */
  attach(): void {
    this.app.server.on('upgrade', (req, socket, head) => void this.upgrade(req, socket, head));
    this.presence = new HubPresence(this.app.redis, this.origin, (err) => this.app.log.warn({ err }, 'hub presence not shared'));
    this.pinger = setInterval(() => {
      for (const c of this.connections) if (c.handshaken) c.socket.send(frame({ type: MessageType.Ping }));
      this.presence.renew();
    }, PING_MS);
    this.pinger.unref();
    // with Redis, a push reaches the account's connections on every process (no sticky sessions)
    // pushes published while the subscription was down are lost: the pages reconnect, and each
    // catches up on what it missed as after any reconnect (the chat's afterId, the notification count)
    this.publish = redisChannel(
      this.app,
      HUB_CHANNEL,
      (message) => {
        const m = JSON.parse(message) as FannedOut;
        if (m.origin !== this.origin) this.deliverLocally(m.path, m.accountId, m.target, ...m.args);
      },
      () => {
        const n = this.askToReconnect();
        this.app.log.warn({ connections: n }, 'hub pushes between processes were lost while Redis was unreachable: pages asked to reconnect');
      },
    );
    // before the HTTP server closes: it waits for every socket, upgraded ones included, so open
    // hub connections would hold the shutdown until their browsers left
    this.app.addHook('preClose', async () => this.close());
  }

  /**
   * Calls `target` on every connection of the account on the hub at `path`, in this process at once
   * and, with Redis, in every other process. Returns how many connections of this process got it.
   */
  sendToAccount(path: string, accountId: number, target: string, ...args: unknown[]): number {
    const sent = this.deliverLocally(path, accountId, target, ...args);
    this.publish?.(JSON.stringify({ origin: this.origin, path, accountId, target, args } satisfies FannedOut));
    return sent;
  }

  /** The accounts among `accountIds` with a page connected to the hub at `path`, on any process. */
  connectedAccounts(path: string, accountIds: readonly number[]): Promise<Set<number>> {
    return this.presence.connected(path, accountIds);
  }

  /** Calls `target` on the account's connections of this process only (for a signal every process hears anyway). */
  deliverLocally(path: string, accountId: number, target: string, ...args: unknown[]): number {
    let sent = 0;
    for (const c of this.connections) {
      if (c.handshaken && c.user.accountId === accountId && c.hub.path.toLowerCase() === path.toLowerCase()) {
        c.socket.send(frame({ type: MessageType.Invocation, target, arguments: args }));
        sent++;
      }
    }
    return sent;
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const hub = this.hubs.get(url.pathname.toLowerCase().replace(/\/$/, ''));
    if (!hub) return void socket.destroy();
    // a page of another origin must not open a socket on the student's cookie (server/http/origin.ts)
    if (isForeignRequest(this.app.config.publicUrl, req)) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return void socket.destroy();
    }
    let user: AuthUser | null = null;
    const token = url.searchParams.get('id');
    const pending = token ? this.pending.get(token) : undefined;
    if (token && pending && pending.hub === hub && pending.expires > Date.now()) {
      this.pending.delete(token);
      user = pending.user;
    } else {
      // Clients that skip negotiation authenticate with the session cookie.
      const cookie = parseCookie(req.headers.cookie ?? '')[SESSION_COOKIE];
      user = await loadUser(this.app.db, cookie);
    }
    // the app began closing while the session was read: no new connection
    if (this.closing) return void socket.destroy();
    if (!user || !allows(user, hub.rule)) {
      socket.write('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      return void socket.destroy();
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, hub, user!));
  }

  private accept(socket: WebSocket, hub: HubDefinition, user: AuthUser): void {
    const limiter = new CallLimiter({ ...DEFAULT_HUB_LIMITS, ...hub.limits });
    const connection: Connection = { id: randomBytes(8).toString('hex'), user, hub, socket, handshaken: false, limiter };
    this.connections.add(connection);
    socket.on('close', () => {
      this.connections.delete(connection);
      if (connection.handshaken) this.presence.left(hub.path, user.accountId);
    });
    socket.on('message', (data) => void this.receive(connection, data.toString()));
  }

  private async receive(c: Connection, data: string): Promise<void> {
    let records: unknown[];
    try {
      records = parseRecords(data);
    } catch {
      c.socket.send(frame({ type: MessageType.Close, error: 'Invalid message' }));
      return void c.socket.close();
    }
    for (const record of records) {
      // closed (e.g. over its limit): what was already buffered is not acted on
      if (c.socket.readyState !== c.socket.OPEN) return;
      if (!c.handshaken) {
        const hs = record as { protocol?: string; version?: number };
        if (hs.protocol !== 'json') {
          c.socket.send(frame({ error: `Requested protocol '${hs.protocol}' is not available.` }));
          return void c.socket.close();
        }
        c.handshaken = true;
        this.presence.joined(c.hub.path, c.user.accountId);
        c.socket.send(frame({}));
        await c.hub.onConnected?.(c);
        continue;
      }
      const msg = record as { type: number };
      if (msg.type === MessageType.Invocation) {
        const verdict = c.limiter.take();
        if (verdict !== 'ok') {
          this.app.log.warn({ hub: c.hub.path, accountId: c.user.accountId, verdict }, 'hub connection over its limit');
          c.socket.send(frame({ type: MessageType.Close, error: 'Too many calls', allowReconnect: true }));
          return void c.socket.close();
        }
        await this.invoke(c, record as InvocationMessage);
      } else if (msg.type === MessageType.Close) c.socket.close();
      // Pings need no answer; streaming is not used by our hubs.
    }
  }

  private async invoke(c: Connection, msg: InvocationMessage): Promise<void> {
    const method = c.hub.methods[msg.target] ?? c.hub.methods[Object.keys(c.hub.methods).find((k) => k.toLowerCase() === msg.target?.toLowerCase()) ?? ''];
    const reply = (body: { result?: unknown; error?: string }) => {
      if (msg.invocationId) c.socket.send(frame({ type: MessageType.Completion, invocationId: msg.invocationId, ...body }));
    };
    if (!method) return reply({ error: `Unknown hub method '${msg.target}'` });
    // no text may hold a NUL (PostgreSQL refuses it), as for HTTP calls
    if (findNulByte(msg.arguments) !== null) return reply({ error: 'Invalid arguments' });
    try {
      const result = await method({ connection: c, app: this.app }, ...(Array.isArray(msg.arguments) ? msg.arguments : []));
      reply(result === undefined ? {} : { result });
    } catch (err) {
      // The caller sees a short reason; details go to the log.
      this.app.log.warn({ err, hub: c.hub.path, target: msg.target }, 'hub invocation failed');
      reply({ error: err instanceof HubError ? err.message : 'Invocation failed' });
    }
  }

  /**
   * Closes this process's connections (of the hub at `path`, or all) with the protocol's
   * "reconnect" close: each page reconnects on its own and fetches what it may have missed.
   * Answers how many were closed.
   */
  askToReconnect(path?: string): number {
    let n = 0;
    for (const c of this.connections) {
      if (path !== undefined && c.hub.path.toLowerCase() !== path.toLowerCase()) continue;
      if (c.handshaken) c.socket.send(frame({ type: MessageType.Close, allowReconnect: true }));
      c.socket.close();
      n++;
    }
    return n;
  }

  private async close(): Promise<void> {
    this.closing = true;
    if (this.pinger) clearInterval(this.pinger);
    await this.presence.stop();
    for (const c of this.connections) c.socket.terminate();
    this.connections.clear();
    this.wss.close();
  }
}

/** An error whose message may be shown to the caller. */
export class HubError extends Error {}

function parseCookie(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = decodeURIComponent(part.slice(i + 1).trim());
  }
  return out;
}
