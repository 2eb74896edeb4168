// A clock for the client's waits that only moves when the test says so, and remembers every wait.
import type { ApiClock } from '../../../main/api/clock';

export class FakeClock implements ApiClock {
  time = 0;
  readonly sleeps: number[] = [];
  private timers: Array<{ at: number; resolve: () => void }> = [];

  now = () => this.time;

  sleep = (ms: number) => {
    this.sleeps.push(ms);
    return new Promise<void>((resolve) => {
      this.timers.push({ at: this.time + Math.max(0, ms), resolve });
    });
  };

  get pending(): number {
    return this.timers.length;
  }

  /** Moves time forward, waking every sleeper due by then in order of their due time. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      await flush();
      this.timers.sort((a, b) => a.at - b.at);
      const due = this.timers[0];
      if (!due || due.at > end) break;
      this.timers.shift();
      this.time = due.at;
      due.resolve();
    }
    this.time = end;
    await flush();
  }

  /** Runs until nobody sleeps any more. */
  async runAll(): Promise<void> {
    for (;;) {
      await flush();
      if (!this.timers.length) return;
      this.timers.sort((a, b) => a.at - b.at);
      await this.advance(this.timers[0]!.at - this.time);
    }
  }
}

/** Waits that resolve at once but are recorded: for tests of what is retried, not of how long. */
export class InstantClock implements ApiClock {
  readonly sleeps: number[] = [];
  now = () => Date.now();
  sleep = async (ms: number) => {
    this.sleeps.push(ms);
  };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
