// `sim.ai`: set up the fake model endpoint, script its answers, inject its faults and read what reached it.
import type { AiFault, ApiConditions, FaultQueue } from '../core/faults';
import type { AiRequest, AiRequestFilter, Recorder } from '../core/records';
import { AI_BASE_PATH } from './api-routes';
import type { AiState } from './state';
import type { AnswerMatch, AnswerReply } from './types';

/** `sim.ai`: the OpenAI-compatible model endpoint. */
export interface AiControls {
  /** The `baseURL` for the `openai` client: `${sim.url}/openai/v1`. */
  readonly baseUrl: string;
  /** Accepts this API key from now on (setup: kept by `reset({ keepConfig: true })`). */
  addKey(key: string): void;
  /** Serves this model too (`gpt-4o-mini` is always served; setup, like keys). */
  addModel(id: string): void;
  /**
   * Answers the requests `match` selects with `reply`. Rules are tried in the order added and the first match
   * wins; without one, the answer is `[fake] ` and the last user message. `reset()` forgets them.
   */
  answer(match: AnswerMatch, reply: AnswerReply): void;
  /** Forgets the scripted answers. */
  clearAnswers(): void;
  /** Fault: the next `count` requests (optionally only paths containing `pathIncludes`) meet `fault`. */
  failNext(count: number, fault: AiFault, options?: { pathIncludes?: string }): void;
  /** Fault: every request meets `fault` until `clearFaults()`. */
  failUntilCleared(fault: AiFault, options?: { pathIncludes?: string }): void;
  /** Forgets the pending faults of the endpoint (not its conditions). */
  clearFaults(): void;
  /** Every request from now on meets these conditions (latency, a share of 500s); `{}` clears them. */
  setConditions(conditions: ApiConditions): void;
  /** Requests received, with their bodies; never the key. */
  requests(filter?: AiRequestFilter): AiRequest[];
}

/** Builds `sim.ai`; `configure` records setup so that `reset({ keepConfig: true })` replays it. */
export function createAiControls(deps: {
  state: AiState;
  faults: FaultQueue;
  recorder: Recorder;
  origin: () => string;
  configure: (apply: () => void) => void;
}): AiControls {
  const { state, faults, recorder, configure } = deps;
  return {
    get baseUrl() {
      return `${deps.origin()}${AI_BASE_PATH}`;
    },
    addKey: (key) => configure(() => void state.keys.add(key)),
    addModel: (id) => configure(() => state.addModel(id)),
    answer: (match, reply) => void state.answers.push({ match, reply }),
    clearAnswers: () => {
      state.answers = [];
    },
    failNext: (count, fault, options = {}) => faults.add('ai', count, fault, options.pathIncludes),
    failUntilCleared: (fault, options = {}) => faults.add('ai', Infinity, fault, options.pathIncludes),
    clearFaults: () => faults.clearPending('ai'),
    setConditions: (conditions) => faults.setConditions('ai', conditions),
    requests: (filter) => recorder.aiRequests(filter),
  };
}
