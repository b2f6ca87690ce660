import { SafeText } from '../../../components/safe-text';
import type { Phrase } from '../utils/rule-summary';

/** A sentence about a rule: its own words as text, each name (team, tag, person, typed word) isolated. */
export function RulePhrase({ phrase }: { phrase: Phrase }) {
  return phrase.map((segment, index) =>
    'text' in segment ? segment.text : <SafeText key={index} text={segment.name} />,
  );
}
