// The LINE/Meta simulator (tools/simulator) the server talks to during the journeys (PROVIDER_BASE_URL):
// Facebook Login, /me/accounts and page subscriptions land here, never on Meta.
import { startSimulator } from '@sabai/simulator';
import type { Simulator } from '@sabai/simulator';

/** The Meta app the server is configured with by default (apps/server config: META_APP_ID, …). */
export const META_APP = {
  appId: '100000000000000',
  appSecret: 'demo-meta-app-secret',
  verifyToken: 'demo-verify-token',
} as const;

/** A Page the Facebook Login user manages, with a linked Instagram professional account. */
export const TEST_PAGE = {
  pageId: '100000000000777',
  name: 'Test Page',
  pageToken: 'e2e-test-page-access-token',
} as const;

export const TEST_INSTAGRAM = {
  igId: '17840000000000777',
  username: 'test.page',
  token: 'e2e-test-instagram-access-token',
} as const;

/** Starts the simulator on a free loopback port (configured once the server's address is known). */
export function startProviderSimulator(): Promise<Simulator> {
  return startSimulator({ webhookTimeoutMs: 2000 });
}

/** Registers the Meta app (webhooks to the server under test) and the test Page with its Instagram account. */
export function configureSimulator(simulator: Simulator, serverUrl: string): void {
  simulator.addMetaApp({ ...META_APP, webhookUrl: `${serverUrl}/webhooks/meta` });
  simulator.addPage({ pageId: TEST_PAGE.pageId, name: TEST_PAGE.name, pageToken: TEST_PAGE.pageToken });
  simulator.addInstagramAccount({ ...TEST_INSTAGRAM, pageId: TEST_PAGE.pageId });
}
