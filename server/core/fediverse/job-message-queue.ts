/**
 * Fedify's message queue on Cahier's durable job queue (ADR 060, ADR 071): each Fedify
 * message (a fan-out, one delivery to one inbox, one incoming activity) is a `fediverse.message`
 * job, so it survives a restart, is claimed by one instance of many under a lease, and a
 * failed attempt runs again with the queue's backoff (`nativeRetrial`: Fedify throws, the job
 * retries). The job's run hands the message to the handler Fedify gave `listen`, loading the
 * federation first when this process has not yet needed it.
 */
import type {
  MessageQueue,
  MessageQueueEnqueueOptions,
  MessageQueueListenOptions,
} from "@fedify/fedify";
import type { JobQueue } from "../jobs/job-queue.ts";

export const FEDIVERSE_MESSAGE = "fediverse.message";
/** Attempts of a message: about two days of backoff (ADR 071: an inbox failing for days is dropped). */
export const MESSAGE_ATTEMPTS = 12;
/** The retry delays of a message: one minute, doubling, at most eight hours. */
export const MESSAGE_BACKOFF = { baseMs: 60_000, maxMs: 8 * 60 * 60_000 };

type Handler = (message: unknown) => Promise<void> | void;

/**
 * A message without its private keys (Fedify puts the sender's keys in each delivery): jobs
 * are stored and shown to superusers, so only the keys' ids are kept; the run puts the keys
 * back from `_fediverse_actors`.
 */
export function stripKeys(message: unknown): unknown {
  if (typeof message !== "object" || message === null) return message;
  const { keys } = message as { keys?: unknown };
  if (!Array.isArray(keys)) return message;
  return {
    ...message,
    keys: keys.map((key: unknown) =>
      typeof key === "object" && key !== null ? { keyId: (key as { keyId?: unknown }).keyId } : key,
    ),
  };
}

/** What the queue needs from the fediverse: a federation listening on it (loaded on demand). */
export interface MessageRunner {
  /** Makes sure the federation is loaded and listening; resolves once `listen` was called. */
  ready(): Promise<void>;
  /** Checks a message before it runs (throws to refuse it: a delivery to a private address). */
  check(message: unknown): Promise<void>;
  /** Puts back the private keys {@link stripKeys} took out of a message. */
  restore(message: unknown): Promise<unknown>;
  /** After a message ran without error (a delivery went through). */
  done(message: unknown): Promise<void>;
}

/** Fedify's `MessageQueue` as jobs of the durable queue. */
export class JobMessageQueue implements MessageQueue {
  readonly nativeRetrial = true;
  private handler: Handler | null = null;
  private readonly jobs: JobQueue;

  constructor(jobs: JobQueue) {
    this.jobs = jobs;
  }

  /** Defines the job kind; its run waits for `runner` to have the federation listening. */
  define(runner: MessageRunner, timeoutMs: number): void {
    this.jobs.define<unknown>({
      kind: FEDIVERSE_MESSAGE,
      maxAttempts: MESSAGE_ATTEMPTS,
      backoff: MESSAGE_BACKOFF,
      run: async (message, context) => {
        await runner.ready();
        await runner.check(message);
        const full = await runner.restore(message);
        const handler = this.handler;
        if (!handler) throw new Error("the federation is not listening to its queue");
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            reject(new Error(`the message took longer than ${String(timeoutMs)} ms`));
          }, timeoutMs);
        });
        const aborted = new Promise<never>((_, reject) => {
          context.signal.addEventListener("abort", () => {
            reject(new Error("the job was handed back"));
          });
        });
        try {
          await Promise.race([Promise.resolve(handler(full)), timeout, aborted]);
        } finally {
          clearTimeout(timer);
        }
        await runner.done(message);
        return null;
      },
    });
  }

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    const delay = options?.delay?.total({ unit: "millisecond" }) ?? 0;
    await this.jobs.enqueue(FEDIVERSE_MESSAGE, stripKeys(message), {
      ...(delay > 0 ? { runAt: new Date(Date.now() + delay) } : {}),
    });
  }

  enqueueMany = async (
    messages: readonly unknown[],
    options?: MessageQueueEnqueueOptions,
  ): Promise<void> => {
    for (const message of messages) await this.enqueue(message, options);
  };

  /** Keeps Fedify's handler until `signal` aborts (the jobs run it). */
  listen(handler: Handler, options?: MessageQueueListenOptions): Promise<void> {
    this.handler = handler;
    return new Promise((resolve) => {
      const signal = options?.signal;
      if (!signal) return;
      const stop = () => {
        if (this.handler === handler) this.handler = null;
        resolve();
      };
      if (signal.aborted) stop();
      else signal.addEventListener("abort", stop, { once: true });
    });
  }
}
