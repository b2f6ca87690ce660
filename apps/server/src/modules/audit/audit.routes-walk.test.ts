// One database is enough: the checks are which routes write an audit entry.
// Every state-changing route of an administrative resource, every personal-data action and every export
// is audited: the walk fails when such a route declares no `audit` in the route map, or when calling it
// (here with ids that exist nowhere and an empty body, so each is refused) writes no entry.
import { beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, type AuditPage, type RouteDef } from '@sabai/contracts';
import type { Resource } from '@sabai/domain';
import { call, startTestApp, type TestApp } from '../../../test/app';
import { buildOrganization, buildUser, signIn } from '../../../test/factories';

const ADMINISTRATIVE: readonly Resource[] = [
  'team',
  'user',
  'channel',
  'auto_assignment',
  'canned_response',
  'tag',
  'organization',
  'contact',
];
const NOWHERE = '00000000-0000-4000-8000-000000000000';

// A POST that needs only the view permission reads (a rule's dry run): it changes nothing.
const mustBeAudited = (r: RouteDef) =>
  r.file === true ||
  (r.method !== 'GET' &&
    'resource' in r.access &&
    r.access.action !== 'view' &&
    ADMINISTRATIVE.includes(r.access.resource));

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  const org = await buildOrganization(t);
  token = (await signIn(t, await buildUser(t, org, 'SuperAdmin'))).accessToken;
});

describe('the audited routes', () => {
  const required = allRoutes.filter(mustBeAudited);

  it('are declared for every state-changing administrative route, personal-data action and export', () => {
    expect(required.length).toBeGreaterThan(30);
    const undeclared = required.filter((r) => !r.audit).map((r) => `${r.method} ${r.path}`);
    expect(undeclared).toEqual([]);
  });

  it('each write an entry when called', async () => {
    const silent: string[] = [];
    for (const r of required) {
      const url = `/api/v1${r.path.replace(/:\w+/g, NOWHERE)}`;
      await call(t.app, r.method, url, { token, body: r.method === 'GET' || r.multipart ? undefined : {} });
      const page = (await call(t.app, 'GET', '/api/v1/audit-log?limit=1', { token })).json<AuditPage>();
      if (page.items[0]?.route !== `${r.method} ${r.path}`) silent.push(`${r.method} ${r.path}`);
    }
    expect(silent).toEqual([]);
  });
});
