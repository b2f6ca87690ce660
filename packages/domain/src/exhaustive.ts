/** Fails the type check when a switch misses a member of a union, and throws if one slips through at runtime. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${String(value)}`);
}
