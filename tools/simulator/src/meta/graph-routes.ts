// Graph nodes the inbox reads: the logged-in user's Pages (`/me/accounts`), a Page with its linked Instagram
// account, an Instagram account, customer profiles (C.10, D.4), post previews and `subscribed_apps` (C.5).
import type { CdnStore } from '../core/cdn';
import type { Clock } from '../core/clock';
import { solidPng } from '../core/media';
import { json, route } from '../http/router';
import type { Route, SimRequest, SimResponse } from '../http/router';
import { authenticateGraph, graphParams, isGraphError } from './graph-auth';
import { GraphErrors, graphError } from './graph-errors';
import { canManage, postNode } from './post-node';
import type { InstagramAccount, MetaState, MetaUser, Page, TokenOwner } from './state';

interface Deps {
  state: MetaState;
  clock: Clock;
  cdn: CdnStore;
  origin(): string;
}

/** Profile pictures are CDN links that expire after a few days (C.10, D.4). */
const PROFILE_PIC_TTL = 3 * 24 * 60 * 60 * 1000;
const PAGE_TASKS = ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'];
const MESSENGER_PROFILE_FIELDS = ['id', 'name', 'first_name', 'last_name', 'profile_pic'];
const INSTAGRAM_PROFILE_FIELDS = [
  'id',
  'name',
  'username',
  'profile_pic',
  'is_verified_user',
  'follower_count',
  'is_user_follow_business',
  'is_business_follow_user',
];

/** Graph read routes and `subscribed_apps`. */
export function graphRoutes(deps: Deps): Route[] {
  const authed =
    (handler: (req: SimRequest, owner: TokenOwner) => SimResponse) =>
    (req: SimRequest): SimResponse => {
      const owner = authenticateGraph(deps.state, req, deps.clock.now());
      return isGraphError(owner) ? graphError(owner) : handler(req, owner);
    };
  return [
    route(
      'GET',
      'meta',
      '/:version/me/accounts',
      authed((_req, owner) => accounts(deps, owner)),
    ),
    route(
      'GET',
      'meta',
      '/:version/:nodeId/subscribed_apps',
      authed((req, owner) => subscribedApps(deps, req, owner, 'get')),
    ),
    route(
      'POST',
      'meta',
      '/:version/:nodeId/subscribed_apps',
      authed((req, owner) => subscribedApps(deps, req, owner, 'post')),
    ),
    route(
      'DELETE',
      'meta',
      '/:version/:nodeId/subscribed_apps',
      authed((req, owner) => subscribedApps(deps, req, owner, 'delete')),
    ),
    route(
      'GET',
      'meta',
      '/:version/:nodeId',
      authed((req, owner) => node(deps, req, owner)),
    ),
  ];
}

function accounts(deps: Deps, owner: TokenOwner): SimResponse {
  if (owner.kind !== 'user') return graphError(GraphErrors.userTokenRequired());
  const data = [...deps.state.pages.values()].map((page) => ({
    access_token: page.pageToken,
    category: page.category,
    category_list: [{ id: '2200', name: page.category }],
    name: page.name,
    id: page.pageId,
    tasks: PAGE_TASKS,
  }));
  const cursor = (value: string) => Buffer.from(value).toString('base64url');
  const first = data[0]?.id ?? '';
  const last = data.at(-1)?.id ?? '';
  return json(200, { data, paging: { cursors: { before: cursor(first), after: cursor(last) } } });
}

function subscribedApps(
  deps: Deps,
  req: SimRequest,
  owner: TokenOwner,
  method: 'get' | 'post' | 'delete',
): SimResponse {
  const nodeId = req.params.nodeId ?? '';
  const page = deps.state.pages.get(nodeId);
  if (!page) return graphError(GraphErrors.unsupported(method, nodeId));
  // Managing a Page's subscriptions needs that Page's token (C.5).
  if (owner.kind !== 'page' || owner.page.pageId !== page.pageId)
    return graphError(GraphErrors.pageTokenRequired());
  const app = deps.state.requireApp();
  if (method === 'get') {
    const data =
      page.subscribedFields.length === 0
        ? []
        : [
            {
              category: 'Business',
              name: 'Sabai Inbox',
              id: app.appId,
              subscribed_fields: page.subscribedFields,
            },
          ];
    return json(200, { data });
  }
  if (method === 'delete') {
    page.subscribedFields = [];
    return json(200, { success: true });
  }
  const fields = graphParams(req).subscribed_fields;
  const list = Array.isArray(fields)
    ? fields.map(String)
    : typeof fields === 'string'
      ? fields.split(',')
      : [];
  const cleaned = list.map((field) => field.trim()).filter((field) => field !== '');
  if (cleaned.length === 0)
    return graphError(GraphErrors.param('The parameter subscribed_fields is required'));
  page.subscribedFields = cleaned;
  return json(200, { success: true });
}

function node(deps: Deps, req: SimRequest, owner: TokenOwner): SimResponse {
  const nodeId = req.params.nodeId ?? '';
  const fields = (req.query.get('fields') ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
  const { state } = deps;
  if (nodeId === 'me') {
    if (owner.kind === 'page') return pageNode(owner.page, fields, state, false);
    if (owner.kind === 'instagram') return instagramNode(owner.account, fields);
    const user = state.requireApp().loginUser;
    return json(200, { id: user.id, name: user.name });
  }
  const page = state.pages.get(nodeId);
  if (page) {
    const canRead = owner.kind === 'user' || (owner.kind === 'page' && owner.page.pageId === page.pageId);
    return canRead
      ? pageNode(page, fields, state, owner.kind === 'user')
      : graphError(GraphErrors.unsupported('get', nodeId));
  }
  const account = state.instagramAccounts.get(nodeId);
  if (account) return instagramNode(account, fields);
  const post = state.posts.get(nodeId);
  if (post) {
    return canManage(state, owner, post, true)
      ? postNode(state, post, fields)
      : graphError(GraphErrors.unsupported('get', nodeId));
  }
  const person = findPerson(state, owner, nodeId);
  if (!person) return graphError(GraphErrors.unsupported('get', nodeId));
  return profile(deps, person, fields);
}

function pageNode(page: Page, fields: string[], state: MetaState, isUserToken: boolean): SimResponse {
  const wanted = fields.length > 0 ? fields : ['name'];
  const body: Record<string, unknown> = {};
  for (const field of wanted) {
    if (field === 'name') body.name = page.name;
    else if (field === 'category') body.category = page.category;
    else if (field === 'access_token' && isUserToken) body.access_token = page.pageToken;
    else if (field === 'instagram_business_account' || field === 'connected_instagram_account') {
      const linked = state.instagramOfPage(page.pageId);
      if (linked) body[field] = { id: linked.igId };
    }
  }
  body.id = page.pageId;
  return json(200, body);
}

function instagramNode(account: InstagramAccount, fields: string[]): SimResponse {
  const wanted = fields.length > 0 ? fields : ['username'];
  const body: Record<string, unknown> = {};
  for (const field of wanted) {
    if (field === 'username') body.username = account.username;
    else if (field === 'name') body.name = account.name;
    else if (field === 'user_id') body.user_id = account.igId;
  }
  body.id = account.igId;
  return json(200, body);
}

/** People reachable with this token: a Page's Messenger users and its linked account's Instagram users. */
function findPerson(state: MetaState, owner: TokenOwner, userId: string): MetaUser | undefined {
  if (owner.kind === 'instagram') return state.user(owner.account.igId, userId);
  if (owner.kind !== 'page') return undefined;
  const linked = state.instagramOfPage(owner.page.pageId);
  return state.user(owner.page.pageId, userId) ?? (linked ? state.user(linked.igId, userId) : undefined);
}

function profile(deps: Deps, person: MetaUser, fields: string[]): SimResponse {
  // Profiles need consent: the person must have written or tapped something first (C.10, D.4).
  if (person.lastActivityAt === null) return graphError(GraphErrors.consentRequired());
  const isMessenger = person.platform === 'messenger';
  const known = isMessenger ? MESSENGER_PROFILE_FIELDS : INSTAGRAM_PROFILE_FIELDS;
  const wanted =
    fields.length > 0
      ? fields
      : isMessenger
        ? ['first_name', 'last_name', 'profile_pic']
        : ['name', 'username'];
  const unknown = wanted.find((field) => !known.includes(field));
  if (unknown)
    return graphError(
      GraphErrors.param(`Tried accessing nonexisting field (${unknown}) on node type (User)`),
    );
  const values: Record<string, unknown> = {
    name: person.name,
    first_name: person.firstName,
    last_name: person.lastName,
    username: person.username,
    profile_pic: person.profilePic ?? avatarUrl(deps, person.userId),
    is_verified_user: false,
    follower_count: 42,
    is_user_follow_business: true,
    is_business_follow_user: false,
  };
  const body: Record<string, unknown> = {};
  for (const field of wanted) if (field !== 'id') body[field] = values[field];
  body.id = person.userId;
  return json(200, body);
}

function avatarUrl(deps: Deps, userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const path = deps.cdn.put(solidPng(hash & 0xffffff), 'image/png', deps.clock.now() + PROFILE_PIC_TTL);
  return deps.origin() + path;
}
