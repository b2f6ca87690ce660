// How a changed field's value shows in the audit log: text as it is, anything else as compact JSON.

/** Shown for a value that did not exist (null: the field was added or removed). */
export const NO_VALUE = '—';

/**
 * A value before or after a change, on one line: null (or absent) as "—", a text as it is (an empty text
 * as ""), numbers and booleans as written, objects and arrays as compact JSON.
 */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined) return NO_VALUE;
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  try {
    return JSON.stringify(value) ?? NO_VALUE;
  } catch {
    return String(value);
  }
}
