// The metrics port in production (docs/decisions/operations.md "Metrics on a port of their own"): never reachable from
// another host without a token.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '.';

const production = {
  NODE_ENV: 'production',
  META_APP_SECRET: 'a-real-meta-app-secret',
  META_VERIFY_TOKEN: 'a-real-verify-token',
  PUBLIC_URL: 'https://inbox.example.com',
  METRICS_PORT: '9464',
};

describe('metrics configuration', () => {
  it('is off unless METRICS_PORT is set, on loopback by default', () => {
    const c = loadConfig({ NODE_ENV: 'test' });
    expect(c.METRICS_PORT).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', METRICS_PORT: '9464' })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: '127.0.0.1',
    });
  });

  it('refuses a production start serving metrics beyond loopback without a token, naming the variable', () => {
    expect(() => loadConfig({ ...production, METRICS_HOST: '0.0.0.0' })).toThrow(
      /METRICS_TOKEN: required while METRICS_HOST \(0\.0\.0\.0\) is not a loopback address/,
    );
    expect(() =>
      loadConfig({ ...production, METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 'a-long-random-token' }),
    ).not.toThrow(/METRICS_/);
    expect(() => loadConfig({ ...production, METRICS_HOST: '127.0.0.1' })).not.toThrow(/METRICS_/);
    // Outside production the demo may serve them anywhere.
    expect(() =>
      loadConfig({ NODE_ENV: 'development', METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }),
    ).not.toThrow();
  });

  it('refuses a short token', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_PORT: '9464', METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN/,
    );
  });
});
