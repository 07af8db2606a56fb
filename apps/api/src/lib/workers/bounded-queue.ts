import { DomainError } from '../domain-error.js';

/**
 * Runs at most `concurrency` tasks at once with at most `maxWaiting` more queued; a task beyond
 * that is refused at once with 503 rather than queued without bound. Password hashing goes
 * through one, so a flood of sign-ins cannot take the CPU (or libuv's threads) from every other
 * request.
 */
export class BoundedQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running += 1;
    } else {
      if (this.waiting.length >= this.maxWaiting) {
        throw new DomainError('UNAVAILABLE', 'The server is busy; please try again in a moment');
      }
      // The finishing task hands its slot over, so `running` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
