/**
 * Long work in steps that lets the rest of the process run (issue 23 finding 2). Node runs
 * everything on one thread, and a loop of `await`s on synchronous work (better-sqlite3 is
 * synchronous) never gives the event loop a turn: no request is answered until it ends. A
 * pacer gives one turn (`setImmediate`) whenever `sliceMs` of work have passed since the last,
 * so other requests wait at most about that long, and short work pays nothing.
 *
 * ```ts
 * const pacer = new Pacer();
 * for (const item of items) {
 *   await pacer.pace();
 *   write(item);
 * }
 * ```
 */
import { setImmediate as nextTurn } from "node:timers/promises";

/** How long a step may run before others get a turn, by default. */
export const DEFAULT_SLICE_MS = 3;

export class Pacer {
  private readonly sliceMs: number;
  private readonly now: () => number;
  private last: number;
  /** How many turns were given (tests). */
  turns = 0;

  constructor(sliceMs = DEFAULT_SLICE_MS, now: () => number = performance.now.bind(performance)) {
    this.sliceMs = sliceMs;
    this.now = now;
    this.last = now();
  }

  /** Gives the event loop a turn when this step's slice is spent. */
  async pace(): Promise<void> {
    if (this.now() - this.last < this.sliceMs) return;
    await nextTurn();
    this.turns += 1;
    this.last = this.now();
  }
}
