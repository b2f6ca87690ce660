// Factories: each test makes its own organisation, so tests never share state and run on either database.
import { randomUUID } from 'node:crypto';
import type { RoleName } from '@sabai/domain';
import { createOrganization } from '../src/db/seed';
import { memberships, teams, users } from '../src/db/schema';
import { hashPassword } from '../src/platform/passwords';
import type { TestApp } from './app';
import { call } from './app';

export const TEST_PASSWORD = 'Valid2026pass';
let cachedHash: Promise<string> | null = null;

export type TestOrg = { id: string; roles: Record<RoleName, string> };

/** A fresh organisation with the default roles. */
export async function buildOrganization(
  t: TestApp,
  name = `Org ${randomUUID().slice(0, 8)}`,
): Promise<TestOrg> {
  return t.db.orm.transaction((tx) => createOrganization(tx, name));
}

export type TestUser = { id: string; email: string; username: string; password: string };

/** A user with `role` in `org` (password TEST_PASSWORD). */
export async function buildUser(
  t: TestApp,
  org: TestOrg,
  role: RoleName,
  overrides: Partial<{ email: string; username: string; firstName: string; lastName: string }> = {},
): Promise<TestUser> {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const suffix = randomUUID().slice(0, 8);
  const email = overrides.email ?? `${role.toLowerCase()}-${suffix}@test.local`;
  const username = overrides.username ?? `${role.toLowerCase()}-${suffix}`;
  const [row] = await t.db.orm
    .insert(users)
    .values({
      email,
      username,
      firstName: overrides.firstName ?? role,
      lastName: overrides.lastName ?? 'Tester',
      passwordHash: await cachedHash,
    })
    .returning({ id: users.id });
  await t.db.orm
    .insert(memberships)
    .values({ userId: row!.id, organizationId: org.id, roleId: org.roles[role], isDefault: true });
  return { id: row!.id, email, username, password: TEST_PASSWORD };
}

/** Signs in through the API and returns the token pair. */
export async function signIn(t: TestApp, user: { email: string; password?: string }) {
  const res = await call(t.app, 'POST', '/api/v1/auth/login', {
    body: { email: user.email, password: user.password ?? TEST_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ accessToken: string; refreshToken: string; profilePath: string | null }>();
}

/** A team of `org` (no members), for routing and channel tests. */
export async function buildTeam(
  t: TestApp,
  org: TestOrg,
  overrides: Partial<typeof teams.$inferInsert> = {},
) {
  const [row] = await t.db.orm
    .insert(teams)
    .values({ organizationId: org.id, name: `Team ${randomUUID().slice(0, 8)}`, ...overrides })
    .returning();
  return row!;
}
