// Choosing a canned response with the keyboard: the matches of a search, the one the arrows
// point at, and what Enter or Tab does — insert it, or, when nothing matches, what the caller says (the reply
// box sends "/…" as typed).
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { CannedResponse } from '@sabai/contracts';
import { useCannedSearch } from '../api/messages';

export const CANNED_LIST_ID = 'canned-options';
export const cannedOptionId = (index: number) => `canned-option-${index}`;

export type CannedChoice = ReturnType<typeof useCannedChoice>;

/** What Enter or Tab leads to: the chosen response's text, or nothing matched. */
type Outcome = { onPick: (response: CannedResponse) => void; onNoMatch: () => void };

/** The canned responses matching `search` (while `isActive`) and the keys that move through them. */
export function useCannedChoice(search: string, isActive: boolean) {
  const canned = useCannedSearch(search, isActive);
  const items = canned.data?.items;
  const [active, setActive] = useState({ search, index: 0 });
  // A new search starts again at its first match.
  const index = active.search === search ? active.index : 0;
  const activeIndex = items?.length ? Math.min(index, items.length - 1) : -1;
  // The matches shown may still be the previous search's: Enter or Tab must not pick one of those.
  const isSettled = !canned.isLoading && !canned.isPlaceholderData;

  // Enter or Tab pressed before the matches of what was typed came: done once they are in (a quick typist
  // neither loses the key nor gets a response that matched only the earlier letters).
  const waiting = useRef<Outcome | null>(null);
  const finish = ({ onPick, onNoMatch }: Outcome) =>
    items?.length ? onPick(items[activeIndex]!) : onNoMatch();
  useEffect(() => {
    if (!isSettled || !waiting.current) return;
    const outcome = waiting.current;
    waiting.current = null;
    finish(outcome);
  });

  /**
   * Handles a key meant for the choice (true when it did): `onPick` gets the chosen response;
   * `onNoMatch` runs for Enter when nothing matches (Tab then does nothing).
   */
  const handleKey = (
    event: KeyboardEvent,
    onPick: (response: CannedResponse) => void,
    onNoMatch: () => void = () => undefined,
  ): boolean => {
    const count = items?.length ?? 0;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return false;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive({ search, index: (activeIndex + step + count) % count });
      return true;
    }
    const isEnter = event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing;
    if (!isEnter && event.key !== 'Tab') return false;
    if (isSettled && count === 0 && !isEnter) return false;
    event.preventDefault();
    const outcome = { onPick, onNoMatch: isEnter ? onNoMatch : () => undefined };
    if (isSettled) finish(outcome);
    else waiting.current = outcome;
    return true;
  };

  /** For the field the keys are typed in: screen readers hear the list and the active option. */
  const fieldAttributes = {
    'aria-autocomplete': 'list' as const,
    'aria-controls': CANNED_LIST_ID,
    'aria-activedescendant': activeIndex >= 0 ? cannedOptionId(activeIndex) : undefined,
  };

  return { items, isLoading: canned.isLoading, activeIndex, handleKey, fieldAttributes };
}
