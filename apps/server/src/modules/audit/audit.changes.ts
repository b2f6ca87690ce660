// What an audited change did, field by field: the subject as it was before the call and as it is after,
// flattened to dotted paths, with secrets masked (their values never reach the trail, only that they
// changed). Pure, so the rules are tested on their own (audit.changes.test.ts).
import { MASKED_VALUE, type AuditChange } from '@sabai/contracts';

/** Field names whose values are secrets: tokens, passwords, keys, channel secrets. */
const SECRET_FIELD = /secret|token|password|api.?key|private.?key|credential/i;
/** Bookkeeping that changes with every write and says nothing about what the person did. */
const IGNORED_FIELD = /^(updatedAt|createdAt|version)$/;
const MAX_DEPTH = 3;
const MAX_CHANGES = 100;
const MAX_VALUE_CHARS = 500;

type Flat = Map<string, unknown>;

function flatten(value: unknown, prefix: string, depth: number, into: Flat): Flat {
  const isRecord = value !== null && typeof value === 'object' && !Array.isArray(value);
  if (!isRecord || depth >= MAX_DEPTH) {
    if (prefix) into.set(prefix, value);
    return into;
  }
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (IGNORED_FIELD.test(key)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (SECRET_FIELD.test(key)) into.set(path, child == null || child === '' ? child : MASKED_VALUE);
    else flatten(child, path, depth + 1, into);
  }
  return into;
}

/** A value as the trail stores it: JSON-safe and short. */
function stored(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string')
    return value.length > MAX_VALUE_CHARS ? `${value.slice(0, MAX_VALUE_CHARS)}…` : value;
  if (value !== null && typeof value === 'object') {
    const json = JSON.stringify(value);
    return json.length > MAX_VALUE_CHARS ? `${json.slice(0, MAX_VALUE_CHARS)}…` : value;
  }
  return value;
}

/**
 * The fields that differ between `before` and `after` (null for a subject that did not exist, or no longer
 * does). A secret that changed shows as masked on both sides; one that did not is left out like any other.
 */
export function changesOf(before: unknown, after: unknown): AuditChange[] {
  const was = flatten(before ?? {}, '', 0, new Map());
  const is = flatten(after ?? {}, '', 0, new Map());
  const changes: AuditChange[] = [];
  for (const field of new Set([...was.keys(), ...is.keys()])) {
    const a = was.get(field);
    const b = is.get(field);
    if (JSON.stringify(a ?? null) === JSON.stringify(b ?? null)) {
      // A masked secret reads the same before and after: compare what was masked.
      if (!SECRET_FIELD.test(field) || !secretChanged(before, after, field)) continue;
    }
    changes.push({ field, before: stored(a), after: stored(b) });
    if (changes.length === MAX_CHANGES) break;
  }
  return changes;
}

function valueAt(value: unknown, path: string): unknown {
  let at = value;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

const secretChanged = (before: unknown, after: unknown, field: string) =>
  JSON.stringify(valueAt(before, field) ?? null) !== JSON.stringify(valueAt(after, field) ?? null);

/** A subject's name as lists show it: its name, display name, title, email or URL (a webhook endpoint). */
export function labelOf(subject: unknown): string | null {
  if (subject === null || typeof subject !== 'object') return null;
  const s = subject as Record<string, unknown>;
  for (const key of ['name', 'displayName', 'title', 'email', 'url']) {
    if (typeof s[key] === 'string' && s[key]) return s[key] as string;
  }
  return null;
}
