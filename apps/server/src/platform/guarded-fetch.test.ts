// The guarded client against a real listener on loopback: it must never reach it unless the operator allowed
// that origin, whichever way the URL names it (IP literal, a name that resolves there, a redirect).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGuardedFetch,
  destinationProblem,
  GuardedFetchError,
  isPublicAddress,
  type GuardedFetch,
} from './guarded-fetch';

let server: Server;
let origin: string;
let port: number;
const hits: string[] = [];
/** The client port of each request: the same port twice is one connection kept open. */
const clientPorts: number[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    clientPorts.push(req.socket.remotePort ?? 0);
    if (req.url === '/redirect-inside') {
      res.writeHead(302, { location: `http://localhost:${port}/secret` }).end();
    } else if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.alloc(2048));
    } else if (req.url === '/slow') {
      res.writeHead(200);
      res.write('a');
      setTimeout(() => res.end('b'), 2_000);
    } else {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('inside');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function refusal(fetchUrl: GuardedFetch, url: string) {
  const before = hits.length;
  const err = await fetchUrl(url).then(
    () => null,
    (e: unknown) => e,
  );
  expect(hits.length).toBe(before);
  return err;
}

const read = async (fetchUrl: GuardedFetch, url: string, request = {}) => {
  const res = await fetchUrl(url, request);
  const chunks: Buffer[] = [];
  for await (const chunk of res.body) chunks.push(chunk as Buffer);
  return { status: res.status, text: Buffer.concat(chunks).toString() };
};

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '0.0.0.0',
    '10.0.0.5',
    '172.16.0.1',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'fc00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['8.8.8.8', '142.250.72.14', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8'])(
    'accepts %s',
    (address) => expect(isPublicAddress(address)).toBe(true),
  );
});

describe('guarded fetch', () => {
  it('refuses http and loopback literals without reaching the listener', async () => {
    const guarded = createGuardedFetch();
    for (const url of [
      `${origin}/a`,
      `https://127.0.0.1:${port}/a`,
      `https://[::1]:${port}/a`,
      `https://[::ffff:127.0.0.1]:${port}/a`,
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/',
      'file:///etc/passwd',
      'not a url',
    ]) {
      const err = await refusal(guarded, url);
      expect(err, url).toBeInstanceOf(GuardedFetchError);
      expect((err as GuardedFetchError).reason, url).toBe('blocked');
    }
  });

  it('checks the addresses a name resolves to when it connects (no rebinding to loopback)', async () => {
    const rebinding = createGuardedFetch({
      allowHttp: true,
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    });
    const err = await refusal(rebinding, `http://rebind.example:${port}/secret`);
    expect((err as GuardedFetchError).reason).toBe('blocked');

    // The system resolver: localhost names loopback.
    const real = createGuardedFetch({ allowHttp: true });
    expect(((await refusal(real, `http://localhost:${port}/secret`)) as GuardedFetchError).reason).toBe(
      'blocked',
    );
  });

  it('reaches an origin the operator allowed, and checks where its redirects lead', async () => {
    const guarded = createGuardedFetch({ allowedOrigins: [origin] });
    expect(await read(guarded, `${origin}/ok`)).toEqual({ status: 200, text: 'inside' });

    const other = createGuardedFetch({ allowHttp: true, allowedOrigins: [origin] });
    // A redirect from the allowed origin to another name for loopback is refused.
    const before = hits.length;
    const err = await other(`${origin}/redirect-inside`).then(
      () => null,
      (e: unknown) => e,
    );
    expect((err as GuardedFetchError).reason).toBe('blocked');
    expect(hits.slice(before)).toEqual(['/redirect-inside']);
  });

  it('bounds the body in bytes and the exchange in time', async () => {
    const guarded = createGuardedFetch({ allowedOrigins: [origin] });
    const tooBig = await read(guarded, `${origin}/big`, { maxBytes: 1024 }).catch((e: unknown) => e);
    expect((tooBig as GuardedFetchError).reason).toBe('too_large');
    const slow = await read(guarded, `${origin}/slow`, { timeoutMs: 300 }).catch((e: unknown) => e);
    expect((slow as GuardedFetchError).reason).toBe('timeout');
  });
});

describe('outgoing webhooks', () => {
  it('reach private addresses only when the operator allows them, and never follow redirects then', async () => {
    const strict = createGuardedFetch({ allowHttp: true });
    for (const url of [`${origin}/ok`, `http://localhost:${port}/ok`, `http://[::1]:${port}/ok`]) {
      expect(((await refusal(strict, url)) as GuardedFetchError).reason, url).toBe('blocked');
    }
    const open = createGuardedFetch({ allowHttp: true, allowPrivateAddresses: true });
    expect(await read(open, `http://localhost:${port}/ok`)).toEqual({ status: 200, text: 'inside' });
    // A webhook's 3xx is its answer: not followed, whatever the Location says.
    const before = hits.length;
    const res = await open(`${origin}/redirect-inside`, {
      method: 'POST',
      body: '{}',
      followRedirects: false,
    });
    res.body.resume();
    expect(res.status).toBe(302);
    expect(hits.slice(before)).toEqual(['/redirect-inside']);
    // Schemes and credentials stay refused.
    for (const url of ['file:///etc/passwd', `http://user:pw@127.0.0.1:${port}/ok`]) {
      expect(((await refusal(open, url)) as GuardedFetchError).reason, url).toBe('blocked');
    }
  });

  it('keep a connection open between deliveries, each new one checked where it connects', async () => {
    const kept = createGuardedFetch({ allowHttp: true, allowPrivateAddresses: true, keepAlive: true });
    const before = clientPorts.length;
    for (let i = 0; i < 3; i++)
      expect(await read(kept, `${origin}/ok`, { method: 'POST', body: '{}' })).toEqual({
        status: 200,
        text: 'inside',
      });
    expect(new Set(clientPorts.slice(before)).size).toBe(1);
    const rebound = async () => [{ address: '127.0.0.1', family: 4 }];
    const strict = createGuardedFetch({ allowHttp: true, keepAlive: true, resolve: rebound });
    expect(((await refusal(strict, `http://hooks.example:${port}/ok`)) as GuardedFetchError).reason).toBe(
      'blocked',
    );
  });

  it('say why a URL saved for later may not be requested', async () => {
    const webhook = { allowHttp: true };
    expect(await destinationProblem('http://93.184.215.14/hook', webhook)).toBeNull();
    expect(await destinationProblem('https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/', webhook)).toBeNull();
    expect(await destinationProblem('http://93.184.215.14/hook')).toBe('scheme');
    expect(await destinationProblem('ftp://93.184.215.14/', webhook)).toBe('scheme');
    expect(await destinationProblem('nonsense', webhook)).toBe('invalid');
    expect(await destinationProblem('https://a:b@93.184.215.14/', webhook)).toBe('credentials');
    for (const url of ['http://127.0.0.1/', 'http://10.0.0.8/', 'http://169.254.169.254/', 'http://[::1]/']) {
      expect(await destinationProblem(url, webhook), url).toBe('private');
    }
    expect(await destinationProblem(`http://localhost:${port}/`, webhook)).toBe('private');
    const rebound = { ...webhook, resolve: async () => [{ address: '192.168.0.4', family: 4 }] };
    expect(await destinationProblem('https://intranet.example/', rebound)).toBe('private');
    const missing = { ...webhook, resolve: async () => Promise.reject(new Error('ENOTFOUND')) };
    expect(await destinationProblem('https://nowhere.example/', missing)).toBe('unresolvable');
    expect(
      await destinationProblem(`http://127.0.0.1:${port}/`, { ...webhook, allowPrivateAddresses: true }),
    ).toBeNull();
  });
});
