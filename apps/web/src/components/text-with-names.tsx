import { SafeText } from './safe-text';

// Marks a slot in a translated sentence; no translation or name contains it (names show controls by code
// point, SafeText).
const SLOT = '\u0001';

type TextWithNamesProps = {
  /** The translated sentence, given the placeholder to put where each name goes. */
  sentence: (slots: Record<string, string>) => string;
  names: Record<string, string>;
};

/** A translated sentence with people's or tags' names in it, each isolated as SafeText shows names. */
export function TextWithNames({ sentence, names }: TextWithNamesProps) {
  const keys = Object.keys(names);
  const slots = Object.fromEntries(keys.map((key, index) => [key, `${SLOT}${index}${SLOT}`]));
  // Even parts are the sentence's own text; odd ones the index of the name in their place.
  return sentence(slots)
    .split(SLOT)
    .map((part, index) =>
      index % 2 === 1 ? <SafeText key={index} text={names[keys[Number(part)]!]} /> : part,
    );
}
