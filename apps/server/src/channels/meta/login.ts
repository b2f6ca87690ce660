// Connecting a Page (and its Instagram account) by Facebook Login, never by typed tokens:
// the admin is sent to the login dialog, Meta redirects back with a code, we exchange it for a user token
// and list the Pages it manages with their page tokens.
import type { ProviderFetch } from '../provider-fetch';

export type MetaLoginOptions = {
  loginBaseUrl: string;
  graphBaseUrl: string;
  graphVersion: string;
  appId: string;
  appSecret: string;
  fetch: ProviderFetch;
};

export type ConnectablePage = {
  id: string;
  name: string;
  accessToken: string;
  instagramAccountId: string | null;
};

const SCOPES = [
  'pages_show_list',
  'pages_messaging',
  'pages_manage_metadata',
  'instagram_basic',
  'instagram_manage_messages',
];

export function createMetaLogin(opts: MetaLoginOptions) {
  const graph = `${opts.graphBaseUrl.replace(/\/$/, '')}/${opts.graphVersion}`;
  const getJson = async (url: URL) => {
    const res = await opts.fetch(url);
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) throw new Error(`Graph ${url.pathname} answered ${res.status}`);
    return body;
  };
  return {
    /** The login dialog URL; `state` comes back untouched to the redirect URI. */
    dialogUrl(redirectUri: string, state: string) {
      const url = new URL(`${opts.loginBaseUrl.replace(/\/$/, '')}/dialog/oauth`);
      url.search = new URLSearchParams({
        client_id: opts.appId,
        redirect_uri: redirectUri,
        state,
        scope: SCOPES.join(','),
        response_type: 'code',
      }).toString();
      return url.toString();
    },

    /** Exchanges the code for a user token and lists the Pages it manages, with linked Instagram accounts. */
    async pagesFor(code: string, redirectUri: string): Promise<ConnectablePage[]> {
      const tokenUrl = new URL(`${graph}/oauth/access_token`);
      tokenUrl.search = new URLSearchParams({
        client_id: opts.appId,
        client_secret: opts.appSecret,
        redirect_uri: redirectUri,
        code,
      }).toString();
      const { access_token: userToken } = (await getJson(tokenUrl)) as { access_token?: string };
      if (!userToken) throw new Error('no user token');
      const accountsUrl = new URL(`${graph}/me/accounts`);
      accountsUrl.searchParams.set('access_token', userToken);
      const { data } = (await getJson(accountsUrl)) as {
        data?: Array<{ id: string; name: string; access_token: string }>;
      };
      const pages: ConnectablePage[] = [];
      for (const page of data ?? []) {
        const pageUrl = new URL(`${graph}/${page.id}`);
        pageUrl.search = new URLSearchParams({
          fields: 'instagram_business_account,name',
          access_token: page.access_token,
        }).toString();
        const details = (await getJson(pageUrl).catch(() => ({}))) as {
          instagram_business_account?: { id?: string };
        };
        pages.push({
          id: page.id,
          name: page.name,
          accessToken: page.access_token,
          instagramAccountId: details.instagram_business_account?.id ?? null,
        });
      }
      return pages;
    },

    /** Subscribes the app to the Page's webhooks so its messages reach us. */
    async subscribePage(pageId: string, pageToken: string) {
      const url = new URL(`${graph}/${pageId}/subscribed_apps`);
      url.search = new URLSearchParams({
        access_token: pageToken,
        subscribed_fields:
          'messages,messaging_postbacks,message_echoes,message_reads,message_reactions,messaging_referrals,feed',
      }).toString();
      const res = await opts.fetch(url, { method: 'POST' });
      if (!res.ok) throw new Error(`subscribing page ${pageId} failed with ${res.status}`);
    },
  };
}

export type MetaLogin = ReturnType<typeof createMetaLogin>;
