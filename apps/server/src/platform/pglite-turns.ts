// The embedded database runs one statement or transaction at a time, in the order they asked (PGlite's
// lock is first come, first served). Under a busy day that order put a webhook's acknowledgement behind
// every job, delivery and outgoing webhook queued before it: the acks waited tens of seconds and LINE gave
// up on them (a 5-minute soak at 50 webhooks/s lost 186 to 283 acknowledgements so). Here each takes its
// turn through one line that lets work marked `ahead` (the acknowledgements' group commits) go first:
// it waits for the statement running, never for the queue.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';

type Turn = { run: () => void };

const aheadOfTheLine = new AsyncLocalStorage<true>();

/** Runs `work` (statements on the embedded database) ahead of the statements waiting for their turn. */
export function ahead<T>(work: () => Promise<T>): Promise<T> {
  return aheadOfTheLine.run(true, work);
}

/**
 * Puts the client's every query, script and transaction (PGlite runs each under its exclusive lock) in
 * one line, those started within `ahead` first.
 */
export function takeTurns(client: PGlite): void {
  const exclusive = client._runExclusiveTransaction.bind(client);
  const first: Turn[] = [];
  const rest: Turn[] = [];
  let busy = false;
  const next = () => {
    const turn = first.shift() ?? rest.shift();
    if (!turn) {
      busy = false;
      return;
    }
    turn.run();
  };
  client._runExclusiveTransaction = <T>(fn: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const turn = {
        run: () => {
          busy = true;
          exclusive(fn).then(resolve, reject).finally(next);
        },
      };
      if (!busy) turn.run();
      else (aheadOfTheLine.getStore() ? first : rest).push(turn);
    });
}
