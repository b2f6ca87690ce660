/**
 * Caches an async lookup for the length of one run (routing rules, time zones, auto-replies, posts): the
 * first call with a key loads, later ones share its promise. `keyOf` names an argument that is no key itself.
 */
export function memoize<A, V>(load: (arg: A) => Promise<V>, keyOf: (arg: A) => unknown = (arg) => arg) {
  const cache = new Map<unknown, Promise<V>>();
  return (arg: A) => {
    const key = keyOf(arg);
    let value = cache.get(key);
    if (!value) cache.set(key, (value = load(arg)));
    return value;
  };
}
