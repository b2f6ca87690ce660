import { afterEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the browser's AudioContext, recording what the chime asks of it. */
class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  state: 'running' | 'suspended' = 'running';
  currentTime = 0;
  destination = {};
  started: number[] = [];
  constructor() {
    FakeAudioContext.made.push(this);
  }
  createOscillator() {
    return {
      frequency: { value: 0 },
      connect: (node: unknown) => node,
      start: (at: number) => this.started.push(at),
      stop: () => undefined,
    };
  }
  createGain() {
    const gain = { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined };
    return { gain, connect: (node: unknown) => node };
  }
  suspend() {
    this.state = 'suspended';
    return Promise.resolve();
  }
  resume() {
    this.state = 'running';
    return Promise.resolve();
  }
}

describe('the notice chime', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('plays two tones, then suspends the audio until the next notice', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const { playNoticeSound } = await import('./notice-sound');

    playNoticeSound();
    const [audio] = FakeAudioContext.made;
    expect(audio!.started).toEqual([0, 0.12]);
    expect(audio!.state).toBe('running');
    vi.advanceTimersByTime(500);
    expect(audio!.state).toBe('suspended');

    playNoticeSound();
    expect(FakeAudioContext.made).toHaveLength(1);
    expect(audio!.state).toBe('running');
    expect(audio!.started).toHaveLength(4);
    // A third notice inside the chime pushes the suspension back: the chime is never cut short.
    vi.advanceTimersByTime(300);
    playNoticeSound();
    vi.advanceTimersByTime(300);
    expect(audio!.state).toBe('running');
    vi.advanceTimersByTime(200);
    expect(audio!.state).toBe('suspended');
  });

  it('is skipped without a word where the browser has no Web Audio', async () => {
    vi.resetModules();
    vi.stubGlobal('AudioContext', undefined);
    const { playNoticeSound } = await import('./notice-sound');
    expect(() => playNoticeSound()).not.toThrow();
  });
});
