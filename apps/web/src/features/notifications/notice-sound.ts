// The sound a new notice plays: a short two-tone chime made with Web Audio, so no audio file ships.
// Browsers keep audio muted until the user has interacted with the page; a blocked sound is skipped.
// A running AudioContext keeps the device's audio thread busy rendering silence (a phone's battery
// pays for it all day), so the context is suspended once the chime has played and resumed for the next.
const TONES = [
  [0, 880],
  [0.12, 1320],
] as const;
const TONE_SECONDS = 0.25;
const CHIME_MS = 500;

let context: AudioContext | null = null;
let suspendTimer: ReturnType<typeof setTimeout> | undefined;

/** Plays the notice chime (silently skipped where audio is unavailable or not yet allowed). */
export function playNoticeSound(): void {
  try {
    context ??= new AudioContext();
    const audio = context;
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    const now = audio.currentTime;
    for (const [offset, frequency] of TONES) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, now + offset);
      gain.gain.exponentialRampToValueAtTime(0.001, now + offset + TONE_SECONDS);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(now + offset);
      oscillator.stop(now + offset + TONE_SECONDS);
    }
    clearTimeout(suspendTimer);
    suspendTimer = setTimeout(() => void audio.suspend().catch(() => undefined), CHIME_MS);
  } catch {
    // no audio here: the popup and the count still tell the user
  }
}
