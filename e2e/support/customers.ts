// Customers of the demo LINE account and Facebook Page for journeys that need fresh conversations: a new one,
// or one whose issue a user was given (by the admin, through the API); and the id of the demo user to give it to.
import { randomBytes } from 'node:crypto';
import { vi } from 'vitest';
import { inject } from './stack';
import { apiSession, type ApiSession } from './api';
import { DEMO_PASSWORD } from './demo';
import { demoLineCustomer, demoMessengerCustomer } from './simulator';

/** A new LINE customer named `label` and a random suffix (their first message opens an issue). */
export async function newLineCustomer(label: string) {
  const name = `${label} ${randomBytes(3).toString('hex')}`;
  const userId = `U${randomBytes(16).toString('hex')}`;
  const customer = await demoLineCustomer(inject('simulatorUrl'), inject('baseUrl'), userId, name);
  return { name, userId, ...customer };
}

/** A new LINE customer who said hello, with their issue given to `userId` by `admin`. */
export async function assignedLineCustomer(admin: ApiSession, userId: string, label: string) {
  const customer = await newLineCustomer(label);
  await customer.says(`hello from ${customer.name}`);
  return { ...customer, issueId: await assignedIssueOf(admin, userId, customer.name) };
}

/** The issue of the customer named `name` (once it exists), given to `userId` by `admin`. */
async function assignedIssueOf(admin: ApiSession, userId: string, name: string) {
  const issueId = await issueOf(admin, name);
  await admin.call('PUT', `/issues/${issueId}/assignee`, { userId });
  return issueId;
}

/** The id of the issue of the customer named `name`, once their first message has opened it. */
export async function issueOf(admin: ApiSession, name: string): Promise<number> {
  const search = `/issues?search=${encodeURIComponent(name)}`;
  type Found = { items: Array<{ id: number; contact: { displayName: string } }> };
  // The search also matches other issues loosely (until this one exists, they are all it finds): only the
  // issue of this customer will do. (vi.waitFor, unlike expect.poll, also serves a beforeAll.)
  return vi.waitFor(
    async () => {
      const found = (await admin.call<Found>('GET', search)).items.find(
        (item) => item.contact.displayName === name,
      );
      if (!found) throw new Error(`no issue of ${name} yet`);
      return found.id;
    },
    { timeout: 15_000, interval: 200 },
  );
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

/** A new Messenger customer of the demo Page who said hello, with their issue given to `userId` by `admin`. */
export async function assignedMessengerCustomer(admin: ApiSession, userId: string, label: string) {
  const name = `${label} ${randomBytes(3).toString('hex')}`;
  const psid = `7${Date.now()}${randomBytes(2).readUInt16BE()}`;
  const customer = await demoMessengerCustomer(inject('simulatorUrl'), psid, name);
  await customer.says(`hello from ${name}`);
  const issueId = await assignedIssueOf(admin, userId, name);
  return { name, ...customer, issueId };
}
