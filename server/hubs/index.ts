import type { FastifyInstance } from 'fastify';
import { HubServer, type HubDefinition } from './hub-server.js';
import { chatHub } from './chat.js';
import { statsHub } from './stats.js';
import { visitLogHub } from './visit-log.js';
import { notificationsHub } from './notifications.js';
import { analyticsHub } from './analytics.js';

declare module 'fastify' {
  interface FastifyInstance {
    hubs: HubServer;
  }
}

/** The realtime endpoints (SignalR JSON protocol over WebSocket). Feature hubs are added here. */
export const hubDefinitions: HubDefinition[] = [visitLogHub, statsHub, notificationsHub, chatHub, analyticsHub];

export function registerHubs(app: FastifyInstance): HubServer {
  const server = new HubServer(app);
  for (const hub of hubDefinitions) server.register(hub);
  app.decorate('hubs', server);
  server.attach();
  return server;
}
