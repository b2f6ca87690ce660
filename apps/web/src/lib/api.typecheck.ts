// Type-level proof, checked by `npm run typecheck` (never run): a call that does not match the route map in
// packages/contracts does not compile. Should a case below compile one day, its expect-error directive is
// unused and fails the type check instead.
import { routes } from '@sabai/contracts';
import { api } from './api';

const id = '00000000-0000-4000-8000-000000000000';

// @ts-expect-error the tag's path parameter is `id`, not `tagId`.
const _wrongParam = () => api(routes.tags.get, { params: { tagId: id } });

// @ts-expect-error a path parameter cannot be left out.
const _missingParam = () => api(routes.tags.delete);

// @ts-expect-error SaveTag has `colour`, not `color`.
const _wrongBody = () => api(routes.tags.create, { body: { name: 'VIP', color: '#ff0000', teamId: id } });

// @ts-expect-error the list's sort is one of TAG_SORTS.
const _wrongQuery = () => api(routes.tags.list, { query: { sort: 'colour' } });

// @ts-expect-error a tag's answer declares no `description`.
const _undeclaredField = async () => (await api(routes.tags.get, { params: { id } })).description;

// @ts-expect-error deleting answers 204: there is nothing to read.
const _noContent = async () => (await api(routes.tags.delete, { params: { id } })).id;

// The same calls, right, compile.
const _right = async () => {
  const tag = await api(routes.tags.get, { params: { id } });
  await api(routes.tags.update, {
    params: { id: tag.id },
    body: { name: tag.name, colour: tag.colour, teamId: id },
  });
  return (await api(routes.tags.list, { query: { sort: 'issueCount', page: 2 } })).items[0]?.issueCount;
};
