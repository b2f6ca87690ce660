import { describe, expect, it } from 'vitest';
import { CustomersInFlight } from './customers-in-flight';

describe('batch turns', () => {
  it('lets batches say what they apply in the order they took their turns, whoever is ready first', async () => {
    const inFlight = new CustomersInFlight();
    const order: string[] = [];
    const [first, second, third] = [inFlight.takeTurn(), inFlight.takeTurn(), inFlight.takeTurn()];
    const go = (name: string, turn: typeof first) =>
      turn.ready.then(() => {
        order.push(name);
        turn.done();
      });
    // The third and second finish reading before the first.
    const running = [go('third', third), go('second', second)];
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([]);
    running.push(go('first', first));
    await Promise.all(running);
    expect(order).toEqual(['first', 'second', 'third']);
  });

  it('does not let a batch that gave up early open the way past the batches before it', async () => {
    const inFlight = new CustomersInFlight();
    const order: string[] = [];
    const [first, failed, third] = [inFlight.takeTurn(), inFlight.takeTurn(), inFlight.takeTurn()];
    failed.done(); // gave up before its turn came
    const late = third.ready.then(() => order.push('third'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([]);
    order.push('first');
    first.done();
    await late;
    expect(order).toEqual(['first', 'third']);
  });
});
