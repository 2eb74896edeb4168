// The settings of `npm run service` from flags and environment (service/serviceConfig.ts): a
// flag wins over its variable, values are checked, and a bad one names where it came from.
import { describe, expect, it } from 'vitest';
import { parseSecretsKey } from '../../service/secretOption';
import { ConfigError, parsePublicUrl, parseTrustProxy, readServiceConfig } from '../../service/serviceConfig';

describe('readServiceConfig', () => {
  it('reads every setting from the environment, and a flag wins over its variable', () => {
    const config = readServiceConfig(
      { port: '9000' },
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        RATE_LIMIT: '2.5',
        PUBLIC_URL: 'https://stint.example.com/',
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
        METRICS_PORT: '9101',
        METRICS_HOST: '10.1.2.3',
        LOG_LEVEL: 'warn',
        DRAIN_SECONDS: '3',
        DATABASE_URL: 'postgres://stint@db/stint',
        DATABASE_POOL_SIZE: '20',
      },
    );
    expect(config).toEqual({
      port: 9000,
      host: '0.0.0.0',
      rateLimit: 2.5,
      publicUrl: 'https://stint.example.com',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      metricsPort: 9101,
      metricsHost: '10.1.2.3',
      logLevel: 'warn',
      drainSeconds: 3,
      databaseUrl: 'postgres://stint@db/stint',
      poolSize: 20,
    });
  });

  it('defaults to logging at info, no drain delay and SQLite', () => {
    expect(readServiceConfig({}, {})).toEqual({ logLevel: 'info', drainSeconds: 0 });
  });

  it('refuses a pool size without a database, and a pool size that is not a whole number of at least 1', () => {
    expect(() => readServiceConfig({}, { DATABASE_POOL_SIZE: '5' })).toThrow(/set DATABASE_URL too/);
    for (const size of ['0', '2.5', 'many'])
      expect(() => readServiceConfig({}, { DATABASE_URL: 'postgres://h/d', DATABASE_POOL_SIZE: size })).toThrow(
        ConfigError,
      );
  });
});

describe('PUBLIC_URL', () => {
  it('keeps an http(s) origin and path without the final slash', () => {
    expect(parsePublicUrl('https://stint.example.com', 'PUBLIC_URL')).toBe('https://stint.example.com');
    expect(parsePublicUrl('http://10.0.0.5:8080/stint/', 'PUBLIC_URL')).toBe('http://10.0.0.5:8080/stint');
  });

  it('refuses what is not one, naming the variable', () => {
    for (const [text, message] of [
      ['stint.example.com', /PUBLIC_URL must be an absolute URL/],
      ['ftp://stint.example.com', /must start with https:\/\/ or http:\/\//],
      ['https://user:pw@stint.example.com', /must not hold a user name or password/],
      ['https://stint.example.com/?x=1', /must not have a query or a fragment/],
      ['https://stint.example.com/#top', /must not have a query or a fragment/],
    ] as const)
      expect(() => parsePublicUrl(text, 'PUBLIC_URL'), text).toThrow(message);
  });
});

describe('TRUST_PROXY', () => {
  it('takes true, false, or addresses, CIDR ranges and range names', () => {
    expect(parseTrustProxy('true', 'TRUST_PROXY')).toBe(true);
    expect(parseTrustProxy('FALSE', 'TRUST_PROXY')).toBe(false);
    expect(parseTrustProxy('loopback,10.0.0.0/8,fd00::/8,::1', 'TRUST_PROXY')).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '::1',
    ]);
  });

  it('refuses a number of hops, which fastify would trust for no peer (every client counted as the balancer)', () => {
    expect(() => parseTrustProxy('2', 'TRUST_PROXY')).toThrow(/number of proxy hops cannot be checked/);
  });

  it('refuses anything else, naming the first wrong entry', () => {
    for (const text of ['yes', '10.0.0.0/33', '10.0.0.300', '::1/129', '10.0.0.0/8/1', ','])
      expect(() => parseTrustProxy(text, 'TRUST_PROXY'), text).toThrow(/TRUST_PROXY must be true, false/);
  });
});

describe('the secrets key', () => {
  it('takes 64 hex digits or the base64 of 32 bytes, with or without padding, in either alphabet', () => {
    const bytes = new Uint8Array(Array.from({ length: 32 }, (_, i) => 250 - i));
    const hex = Buffer.from(bytes).toString('hex');
    const base64 = Buffer.from(bytes).toString('base64');
    for (const text of [
      hex,
      hex.toUpperCase(),
      base64,
      base64.replace(/=$/, ''),
      Buffer.from(bytes).toString('base64url'),
    ])
      expect(parseSecretsKey(`${text}\n`, 'STINT_SECRETS_KEY_FILE'), text).toEqual(bytes);
  });

  it('refuses anything that is not 32 bytes, naming where it came from', () => {
    for (const text of ['', 'short', 'a'.repeat(62), 'g'.repeat(64), Buffer.alloc(31).toString('base64')])
      expect(() => parseSecretsKey(text, '--secrets-key-file'), text).toThrow(
        /--secrets-key-file must hold a 32-byte key/,
      );
  });
});
