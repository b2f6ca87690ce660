// The sound a new notice plays: a short two-tone chime made with Web Audio, so no audio file ships.
// Browsers keep audio muted until the user has interacted with the page; a blocked sound is skipped.
let context: AudioContext | null = null;

/** Plays the notice chime (silently skipped where audio is unavailable or not yet allowed). */
export function playNoticeSound(): void {
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.12, 1320],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, now + offset);
      gain.gain.exponentialRampToValueAtTime(0.001, now + offset + 0.25);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + offset);
      oscillator.stop(now + offset + 0.25);
    }
  } catch {
    // no audio here: the popup and the count still tell the user
  }
}
