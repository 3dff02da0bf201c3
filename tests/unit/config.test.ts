import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('start-up configuration', () => {
  it('defaults to the embedded platform on port 3000', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.embeddedOidc).toBe(true);
    expect(c.seedDemo).toBe(true);
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('names the variable in a clear message when a value is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL/);
  });

  it('needs the client credentials with an external OIDC issuer', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.org' })).toThrow(/OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/);
    const c = loadConfig({ OIDC_ISSUER: 'https://id.example.org', OIDC_CLIENT_ID: 'elp', OIDC_CLIENT_SECRET: 's' });
    expect(c.embeddedOidc).toBe(false);
  });

  it('needs every S3 setting once one is given', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b' })).toThrow(/S3_ENDPOINT, S3_BUCKET/);
  });

  it('seeds demo data only on the embedded database unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost/elp' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost/elp', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });
});
