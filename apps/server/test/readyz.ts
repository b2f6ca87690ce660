// Readiness probes of a real server process, shared by the storage-failure tests.
import { DEMO_PASSWORD } from '../src/db/seed';

export const readyz = (url: string) =>
  fetch(`${url}/readyz`).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown }));

/** A demo staff sign-in's HTTP status: proves the node serves requests that write. */
export const login = (url: string) =>
  fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'staff@demo.local', password: DEMO_PASSWORD }),
  }).then((r) => r.status);

type Readyz = Awaited<ReturnType<typeof readyz>>;

/** Polls /readyz (for up to 20 s) until its answer satisfies `done`; resolves to the last answer. */
export async function readyzUntil(url: string, done: (r: Readyz) => boolean) {
  let last = await readyz(url);
  for (let i = 0; i < 100 && !done(last); i++) {
    await new Promise((r) => setTimeout(r, 200));
    last = await readyz(url);
  }
  return last;
}
