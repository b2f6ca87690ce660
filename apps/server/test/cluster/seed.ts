// The organisation the cluster test runs against, written straight into its fresh database the way the demo
// seed does (db/seed.ts): one team, `agentCount` managers in it (their issue scope is their team, so every
// customer message reaches all of them), a LINE channel and a Messenger Page, both routed to the team.
import { randomBytes } from 'node:crypto';
import { createOrganization } from '../../src/db/seed';
import { channels, memberships, teamMembers, teams, users } from '../../src/db/schema';
import type { Db } from '../../src/platform/db';
import { hashPassword } from '../../src/platform/passwords';
import { loadCipher } from '../../src/platform/secrets';

export const AGENT_PASSWORD = 'Cluster2026pass';

export type ClusterOrg = {
  organizationId: string;
  teamId: string;
  agents: Array<{ id: string; email: string }>;
  line: { channelId: string; externalId: string; secret: string; accessToken: string; botUserId: string };
  messenger: { channelId: string; pageId: string; pageToken: string };
};

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

export async function seedClusterOrg(db: Db, agentCount: number): Promise<ClusterOrg> {
  // The key is stored in the database (no ENCRYPTION_KEY): the nodes read the same one.
  const cipher = await loadCipher({}, db);
  const passwordHash = await hashPassword(AGENT_PASSWORD);
  const line = {
    externalId: `16${digits(8)}`,
    secret: randomBytes(16).toString('hex'),
    accessToken: `cluster-line-token-${randomBytes(8).toString('hex')}`,
    botUserId: `U${randomBytes(16).toString('hex')}`,
  };
  const page = {
    pageId: `1000${digits(11)}`,
    pageToken: `cluster-page-token-${randomBytes(8).toString('hex')}`,
  };

  return db.orm.transaction(async (tx) => {
    const org = await createOrganization(tx, 'Cluster Shop');
    const [team] = await tx
      .insert(teams)
      .values({ organizationId: org.id, name: 'Front desk' })
      .returning({ id: teams.id });
    const agents = await tx
      .insert(users)
      .values(
        Array.from({ length: agentCount }, (_, i) => ({
          email: `agent${i}@cluster.local`,
          username: `agent${i}`,
          firstName: 'Agent',
          lastName: String(i),
          passwordHash,
        })),
      )
      .returning({ id: users.id, email: users.email });
    await tx.insert(memberships).values(
      agents.map((a) => ({
        userId: a.id,
        organizationId: org.id,
        roleId: org.roles.Manager,
        isDefault: true,
      })),
    );
    await tx.insert(teamMembers).values(
      agents.map((a) => ({
        teamId: team!.id,
        userId: a.id,
        organizationId: org.id,
        workStart: '00:00',
        workStop: '23:59',
        breakStart: '12:00',
        breakStop: '12:00',
      })),
    );
    const [lineRow, pageRow] = await tx
      .insert(channels)
      .values([
        {
          organizationId: org.id,
          type: 'line',
          name: 'Cluster LINE',
          externalId: line.externalId,
          botUserId: line.botUserId,
          secretEncrypted: cipher.encrypt(line.secret),
          accessTokenEncrypted: cipher.encrypt(line.accessToken),
          assignedTeamId: team!.id,
        },
        {
          organizationId: org.id,
          type: 'facebook',
          name: 'Cluster Page',
          externalId: page.pageId,
          pageId: page.pageId,
          accessTokenEncrypted: cipher.encrypt(page.pageToken),
          assignedTeamId: team!.id,
        },
      ])
      .returning({ id: channels.id });
    return {
      organizationId: org.id,
      teamId: team!.id,
      agents,
      line: { channelId: lineRow!.id, ...line },
      messenger: { channelId: pageRow!.id, ...page },
    };
  });
}
