// The running product a journey talks to. Journey files run two at a time, each worker on a product of its
// own (server, LINE/Meta simulator and mail catcher, started by global-setup.ts with their own demo data),
// so a file still has its product to itself as when files ran one after the other: a bell it empties, a
// policy it adds or a setting it changes is seen by no other file running meanwhile.
import { inject as provided } from 'vitest';

export type Stack = {
  baseUrl: string;
  mailDir: string;
  /** The LINE/Meta simulator (its admin API is under /__admin). */
  simulatorUrl: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    stacks: Stack[];
  }
}

/** This worker's product: Vitest numbers its workers from 1 (`VITEST_POOL_ID`). */
export function inject<K extends keyof Stack>(key: K): Stack[K] {
  const stacks = provided('stacks');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return stacks[(worker - 1) % stacks.length]![key];
}
