/**
 * Serialises like Meta's webhook sender: non-ASCII as `\uXXXX` and `/` as `\/` (C.3, observed). A receiver
 * that re-serialises the parsed body instead of hashing the received bytes then fails verification, as it
 * would in production.
 */
export function metaJson(value: unknown): string {
  // Outside strings JSON text has no `/` and no non-ASCII character, so replacing them everywhere is safe.
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
