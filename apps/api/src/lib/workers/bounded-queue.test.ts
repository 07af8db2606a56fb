import { DomainError } from '../domain-error.js';
import { describe, expect, it } from 'vitest';
import { BoundedQueue } from './bounded-queue.js';

/** A task that runs until its `finish` is called, counting how many run at once. */
function gate(state: { running: number; peak: number }) {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const task = async () => {
    state.running += 1;
    state.peak = Math.max(state.peak, state.running);
    await done;
    state.running -= 1;
  };
  return { task, finish };
}

describe('BoundedQueue', () => {
  it('runs at most `concurrency` tasks at once and the queued ones in turn', async () => {
    const queue = new BoundedQueue(2, 5);
    const state = { running: 0, peak: 0 };
    const gates = Array.from({ length: 6 }, () => gate(state));
    const runs = gates.map((g) => queue.run(g.task));
    await new Promise((r) => setTimeout(r, 0));
    expect(state.running).toBe(2);
    for (const g of gates) g.finish();
    await Promise.all(runs);
    expect(state.peak).toBe(2);
    expect(state.running).toBe(0);
  });

  it('refuses a task beyond the waiting room as unavailable, at once', async () => {
    const queue = new BoundedQueue(1, 2);
    const state = { running: 0, peak: 0 };
    const gates = Array.from({ length: 3 }, () => gate(state));
    const runs = gates.map((g) => queue.run(g.task));
    const refused = queue.run(async () => 'never');
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    for (const g of gates) g.finish();
    await Promise.all(runs);
    expect(await queue.run(async () => 'room again')).toBe('room again');
  });

  it('frees the slot of a task that fails', async () => {
    const queue = new BoundedQueue(1, 0);
    await expect(
      queue.run(async () => {
        throw new Error('hash failed');
      }),
    ).rejects.toThrow('hash failed');
    expect(await queue.run(async () => 42)).toBe(42);
  });
});
