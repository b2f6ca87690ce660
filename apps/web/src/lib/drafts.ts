// Unsent replies, one per issue: kept in this tab's sessionStorage, so a reload, another chat
// or a failed send does not lose them. Not localStorage: session.ts keeps exactly its own keys there,
// and a draft should not outlive the tab on a shared computer. Signing out clears them.
const PREFIX = 'draft:';

export type Draft = { text: string; isNote: boolean };

export function readDraft(issueId: number): Draft | null {
  try {
    const raw = sessionStorage.getItem(`${PREFIX}${issueId}`);
    const draft = raw ? (JSON.parse(raw) as Partial<Draft>) : null;
    return draft && typeof draft.text === 'string'
      ? { text: draft.text, isNote: draft.isNote === true }
      : null;
  } catch {
    return null; // storage refused or the value unreadable: no draft
  }
}

/** Keeps the draft; an empty reply (not a note) is no draft at all. */
export function saveDraft(issueId: number, draft: Draft): void {
  try {
    if (!draft.text && !draft.isNote) sessionStorage.removeItem(`${PREFIX}${issueId}`);
    else sessionStorage.setItem(`${PREFIX}${issueId}`, JSON.stringify(draft));
  } catch {
    // A full or disabled storage: the draft lives as long as the page.
  }
}

export function clearAllDrafts(): void {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}
