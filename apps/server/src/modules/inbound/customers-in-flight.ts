// The customers whose events this process is applying now, each with the promise of the transaction that
// applies them. The ingest worker has several batches in flight, so a later batch's events of a customer
// wait for the earlier one's: each customer's events are applied in the order they arrived.
import type { Deps } from '../../deps';

export class CustomersInFlight {
  private readonly parts = new Map<string, Promise<unknown>>();
  private lastTurn: Promise<void> = Promise.resolve();

  /**
   * A batch's turn to say what it applies: `ready` once every batch that took a turn before it has said so
   * (or given up), `done` when this one has (calling it again changes nothing).
   */
  takeTurn(): { ready: Promise<void>; done: () => void } {
    const ready = this.lastTurn;
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    // A batch that gives up before its turn came does not let the next one go before the earlier ones.
    this.lastTurn = Promise.all([ready, mine]).then(() => undefined);
    return { ready, done };
  }

  has(customer: string): boolean {
    return this.parts.has(customer);
  }

  /** The parts applying these customers' events now. */
  partsOf(customers: Iterable<string>): Promise<unknown>[] {
    const found = new Set<Promise<unknown>>();
    for (const c of customers) {
      const part = this.parts.get(c);
      if (part) found.add(part);
    }
    return [...found];
  }

  /** Records that `part` applies these customers' events, until it settles (unless a later part took over). */
  track(customers: ReadonlySet<string>, part: Promise<unknown>): void {
    for (const c of customers) this.parts.set(c, part);
    const release = () => {
      for (const c of customers) if (this.parts.get(c) === part) this.parts.delete(c);
    };
    part.then(release, release);
  }
}

const perDatabase = new WeakMap<Deps['db'], CustomersInFlight>();

export function customersInFlight(deps: Deps): CustomersInFlight {
  let found = perDatabase.get(deps.db);
  if (!found) perDatabase.set(deps.db, (found = new CustomersInFlight()));
  return found;
}
