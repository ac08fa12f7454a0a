/**
 * The pace of subscription mail (ADR 065): at most `ratePerMinute` messages a minute from
 * this process, over every post being mailed at once, so a strict relay or a small machine is
 * never flooded. Each send first takes the next free slot (one every `60 000 / rate` ms).
 */

/** Gives out sending slots. */
export class Pacer {
  private readonly rate: () => number;
  private readonly now: () => number;
  private next = 0;

  /** `rate` is read at each slot, so a settings change applies to the next message. */
  constructor(rate: () => number, now: () => number = Date.now) {
    this.rate = rate;
    this.now = now;
  }

  /** Resolves when the next message may go (rejects if `signal` aborts first). */
  async take(signal?: AbortSignal): Promise<void> {
    const gap = 60_000 / Math.max(1, this.rate());
    const now = this.now();
    const at = Math.max(now, this.next);
    this.next = at + gap;
    const wait = at - now;
    if (wait < 1) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", stop);
        resolve();
      }, wait);
      const stop = () => {
        clearTimeout(timer);
        reject(signal?.reason instanceof Error ? signal.reason : new Error("aborted"));
      };
      signal?.addEventListener("abort", stop, { once: true });
    });
  }
}
