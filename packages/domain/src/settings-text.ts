// Text rules of the canned response and tag settings (required names, length limits), shared by forms and the server.
import { CANNED_MESSAGE_MAX } from './limits';

/**
 * Letters of a canned message as its 500-letter limit counts them: Unicode code points, so a Thai vowel or tone mark
 * counts as the letter it is (a UTF-16 length would count some emoji twice).
 */
export function letterCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Whether a canned message fits the 500-letter limit. */
export function isCannedMessageWithinLimit(text: string): boolean {
  return letterCount(text) <= CANNED_MESSAGE_MAX;
}

/** A tag colour: '#rrggbb'. */
export const TAG_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** Whether a value is a tag colour ('#rrggbb'). */
export function isTagColour(value: string): boolean {
  return TAG_COLOUR_PATTERN.test(value);
}
