import 'dotenv/config';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemo, DEMO_ACCOUNTS } from './db/seed/index.js';
import { buildApp } from './app.js';
import { embeddedIssuer } from './auth/provider.js';
import { storageFor } from './files/storage.js';
import { dataPath } from './paths.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.DATABASE_URL ? undefined : dataPath(config.DATA_DIR, 'db'),
  });
  const seeded = config.seedDemo
    ? await seedDemo(database.db, { storage: await storageFor(config), issuer: config.embeddedOidc ? embeddedIssuer(config) : null })
    : false;

  const app = await buildApp({ config, database });
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const db = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${dataPath(config.DATA_DIR, 'db')}`;
  const lines = [
    '',
    `ELP is running at ${config.publicUrl}`,
    `  database: ${db}${seeded ? ' — demo data seeded' : ''}`,
    `  sign-in:  ${config.embeddedOidc ? `embedded OpenID Connect provider at ${config.publicUrl}/oidc` : config.OIDC_ISSUER}`,
    ...(config.API_DOCS === 'off' ? [] : [`  API docs: ${config.publicUrl}/api/docs${config.API_DOCS === 'staff' ? ' (signed-in instructors and Root; API_DOCS=public opens them)' : ''}`]),
    `  SCORM packages play on ${config.contentOrigin} (CONTENT_ORIGIN)`,
  ];
  if (config.embeddedOidc && config.seedDemo) {
    lines.push('  demo accounts (password "demo"):');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.login.padEnd(24)} ${a.description}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
