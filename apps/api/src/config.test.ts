import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('listens on 127.0.0.1, trusts no proxy and keeps registration open by default', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(3000);
    expect(config.trustProxy).toBe(false);
    expect(config.registration).toEqual({ mode: 'open' });
    expect(config.defaultRole).toBe('admin');
    expect(config.db).toEqual({ poolMax: 10, statementTimeoutMs: 15_000, lockTimeoutMs: 5_000 });
  });

  it.each([
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.5', ['10.0.0.0/8', '192.168.1.5']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('refuses TRUST_PROXY=true, which would believe any client', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      'TRUST_PROXY: "true" is not a hop count or an IP address/CIDR range',
    );
  });

  it.each([
    ['open', { mode: 'open' }],
    ['closed', { mode: 'closed' }],
    ['first-user', { mode: 'first-user' }],
    [
      'Pharm.Example, @staff.example',
      { mode: 'domains', domains: ['pharm.example', 'staff.example'] },
    ],
  ])('reads REGISTRATION=%s', (value, expected) => {
    expect(loadConfig({ REGISTRATION: value }).registration).toEqual(expected);
  });

  it('lets only the first user register in production unless REGISTRATION says otherwise', () => {
    const production = { NODE_ENV: 'production', HOST: '127.0.0.1' };
    expect(loadConfig(production).registration).toEqual({ mode: 'first-user' });
    expect(loadConfig({ ...production, REGISTRATION: 'open' }).registration).toEqual({
      mode: 'open',
    });
  });

  it('reads DEFAULT_ROLE and refuses a role that does not exist', () => {
    expect(loadConfig({ DEFAULT_ROLE: 'Sales' }).defaultRole).toBe('sales');
    expect(() => loadConfig({ DEFAULT_ROLE: 'owner' })).toThrow(
      'DEFAULT_ROLE: must be one of viewer, sales, accountant, admin',
    );
  });

  it('reads ALLOWED_HOSTS as lower-case names with optional ports, and refuses anything else', () => {
    expect(loadConfig({}).allowedHosts).toBeUndefined();
    expect(
      loadConfig({ ALLOWED_HOSTS: ' Pharm.Example.com, 10.0.0.5:3000,[::1]:8080 ,' }).allowedHosts,
    ).toEqual(['pharm.example.com', '10.0.0.5:3000', '[::1]:8080']);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'https://pharm.example.com' })).toThrow(
      'ALLOWED_HOSTS: "https://pharm.example.com" is not a host name with an optional port, e.g. pharm.example.com or 10.0.0.5:3000',
    );
  });

  it('refuses production on a HOST other machines reach without APP_ORIGIN or ALLOWED_HOSTS', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0' })).toThrow(
      [
        'Invalid environment:',
        '  ALLOWED_HOSTS: must be set (or APP_ORIGIN) when NODE_ENV=production and HOST=0.0.0.0 is reachable from other machines: the names the app is served as, e.g. pharm.example.com',
      ].join('\n'),
    );
    for (const env of [
      { HOST: '0.0.0.0', ALLOWED_HOSTS: 'pharm.example.com' },
      { HOST: '0.0.0.0', APP_ORIGIN: 'https://pharm.example.com' },
      { HOST: '127.0.0.1' },
      { HOST: '::1' },
      {},
    ])
      expect(
        () => loadConfig({ NODE_ENV: 'production', ...env }),
        JSON.stringify(env),
      ).not.toThrow();
    expect(() => loadConfig({ HOST: '0.0.0.0' })).not.toThrow();
  });

  it('names every invalid setting at once', () => {
    expect(() =>
      loadConfig({
        PORT: 'eighty',
        SESSION_SECRET: 'short',
        REGISTRATION: 'sometimes',
        APP_ORIGIN: 'pharm.example.com',
      }),
    ).toThrow(
      [
        'Invalid environment:',
        '  PORT: must be a whole number of at least 0',
        '  SESSION_SECRET: must be at least 32 characters',
        '  APP_ORIGIN: must be scheme://host[:port], e.g. https://pharm.example.com',
        '  REGISTRATION: "sometimes" is not open, closed, first-user or an email domain',
      ].join('\n'),
    );
  });

  it('keeps 14 backups and serves no metrics by default', () => {
    const config = loadConfig({});
    expect(config.backupKeep).toBe(14);
    expect(config.metrics).toEqual({ enabled: false });
  });

  it.each([
    [{ METRICS: 'on' }, { enabled: true, port: undefined }],
    [{ METRICS: 'off' }, { enabled: false }],
    [{ METRICS_PORT: '9464' }, { enabled: true, port: 9464 }],
    [
      { METRICS: 'on', METRICS_PORT: '9464' },
      { enabled: true, port: 9464 },
    ],
  ])('reads %o as metrics %o', (env, expected) => {
    expect(loadConfig(env).metrics).toEqual(expected);
  });

  it('refuses a bad BACKUP_KEEP, METRICS or METRICS_PORT, naming each', () => {
    expect(() => loadConfig({ BACKUP_KEEP: '0', METRICS: 'yes', METRICS_PORT: '70000' })).toThrow(
      [
        'Invalid environment:',
        '  BACKUP_KEEP: must be a whole number of at least 1',
        '  METRICS: must be on or off',
        '  METRICS_PORT: must be a port number from 1 to 65535',
      ].join('\n'),
    );
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      'METRICS_PORT: must differ from PORT (3000); METRICS=on serves /metrics on PORT',
    );
  });
});
