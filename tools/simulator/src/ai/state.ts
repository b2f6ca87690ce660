// What the fake model endpoint knows: the API keys it accepts, the models it serves and the scripted answers.
import type { AnswerRule } from './types';

/** Served from the start and after every reset, so a client works without adding a model first. */
const DEFAULT_AI_MODELS = ['gpt-4o-mini'];

export interface AiModel {
  id: string;
  /** Unix seconds, as the Models API gives them. */
  created: number;
}

export class AiState {
  readonly keys = new Set<string>();
  readonly models = new Map<string, AiModel>();
  answers: AnswerRule[] = [];

  constructor(private readonly nowSeconds: () => number) {
    this.clear();
  }

  addModel(id: string): void {
    this.models.set(id, { id, created: this.nowSeconds() });
  }

  /** Forgets keys, added models and answers. */
  clear(): void {
    this.keys.clear();
    this.models.clear();
    for (const id of DEFAULT_AI_MODELS) this.addModel(id);
    this.answers = [];
  }
}
