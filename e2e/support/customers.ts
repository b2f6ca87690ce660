// Customers of the demo LINE account for journeys that need fresh conversations: a new one, or one whose
// issue a user was given (by the admin, through the API); and the id of the demo user to give it to.
import { randomBytes } from 'node:crypto';
import { expect, inject } from 'vitest';
import { apiSession, type ApiSession } from './api';
import { DEMO_PASSWORD } from './demo';
import { demoLineCustomer } from './simulator';

/** A new LINE customer named `label` and a random suffix (their first message opens an issue). */
export async function newLineCustomer(label: string) {
  const name = `${label} ${randomBytes(3).toString('hex')}`;
  const customer = await demoLineCustomer(
    inject('simulatorUrl'),
    inject('baseUrl'),
    `U${randomBytes(16).toString('hex')}`,
    name,
  );
  return { name, ...customer };
}

/** A new LINE customer who said hello, with their issue given to `userId` by `admin`. */
export async function assignedLineCustomer(admin: ApiSession, userId: string, label: string) {
  const customer = await newLineCustomer(label);
  await customer.says(`hello from ${customer.name}`);
  let issueId: number | undefined;
  const search = `/issues?search=${encodeURIComponent(customer.name)}`;
  await expect
    .poll(
      async () =>
        (issueId = (await admin.call<{ items: Array<{ id: number }> }>('GET', search)).items[0]?.id),
      { timeout: 15_000 },
    )
    .toBeDefined();
  await admin.call('PUT', `/issues/${issueId}/assignee`, { userId });
  return { ...customer, issueId: issueId! };
}

/** The id of a demo user (signs in as them through the API). */
export async function userIdOf(email: string, password = DEMO_PASSWORD): Promise<string> {
  const session = await apiSession(inject('baseUrl'), email, password);
  try {
    return (await session.call<{ id: string }>('GET', '/me')).id;
  } finally {
    await session.dispose();
  }
}
