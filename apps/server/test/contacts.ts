// Contacts for the contacts tests: the workspace organisation (buildWorkspace) with its LINE channel routed
// to team A and its Messenger page to team B, and contacts written straight to the database with their
// identities, issues and tags.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { IssueStatus } from '@sabai/domain';
import { channels, contactIdentities, contacts, issueTags, issues } from '../src/db/schema';
import type { TestApp } from './app';
import { buildWorkspace } from './workspace';

export type ContactSpec = Partial<typeof contacts.$inferInsert> & {
  on?: Array<'line' | 'facebook'>;
  issue?: IssueStatus;
  tagged?: boolean;
};

export async function buildContactWorkspace(t: TestApp) {
  const w = await buildWorkspace(t);
  await t.db.orm.update(channels).set({ assignedTeamId: w.teamA.id }).where(eq(channels.id, w.line.id));
  await t.db.orm.update(channels).set({ assignedTeamId: w.teamB.id }).where(eq(channels.id, w.facebook.id));

  /** A contact with an identity on each channel of `on` (LINE by default) and optionally one issue. */
  const addContact = async (spec: ContactSpec = {}) => {
    const { on = ['line'], issue, tagged, ...fields } = spec;
    const [contact] = await t.db.orm
      .insert(contacts)
      .values({ organizationId: w.org.id, displayName: 'Customer', ...fields })
      .returning();
    for (const type of on) {
      const channel = type === 'facebook' ? w.facebook : w.line;
      await t.db.orm.insert(contactIdentities).values({
        organizationId: w.org.id,
        contactId: contact!.id,
        channelId: channel.id,
        externalUserId: `U${randomUUID()}`,
        displayName: contact!.displayName,
      });
    }
    if (issue) {
      const [row] = await t.db.orm
        .insert(issues)
        .values({
          organizationId: w.org.id,
          channelId: on[0] === 'facebook' ? w.facebook.id : w.line.id,
          contactId: contact!.id,
          teamId: w.teamA.id,
          status: issue,
        })
        .returning();
      if (tagged) await t.db.orm.insert(issueTags).values({ issueId: row!.id, tagId: w.vip.id });
    }
    return contact!;
  };

  return { ...w, addContact };
}
