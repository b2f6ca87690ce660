import { z } from 'zod';

// Settings lists: search, sort by a whitelisted field, page pagination. The answer carries
// the total so the table can show its pager and its empty state.

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/** Query of a settings list whose sort fields are `sorts` (the first is the default). */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(sorts: S) {
  return z.object({
    search: z.string().trim().max(100).optional(),
    sort: z.enum(sorts).default(sorts[0] as S[number] as never),
    order: z.enum(['asc', 'desc']).default('asc'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  });
}

/** One page of `item`s with the total matching the search. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
export type ListQuery<S extends string = string> = {
  search?: string | undefined;
  sort: S;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

/** A person as lists show them (manager, owner, member). */
export const PersonSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  profilePath: z.string().nullable(),
});
export type Person = z.infer<typeof PersonSchema>;

export const Hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm');
