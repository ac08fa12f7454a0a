/**
 * The federation, loaded on first need (ADR 068, ADR 071): Fedify is a large module, so this
 * process imports it only when something needs it (a request for an ActivityPub address, a
 * `fediverse.message` job, a follower to answer, a post to send). Once loaded, it listens to
 * its queue (the jobs) until the app closes.
 */
import { clearInboxFailure } from "../../data/repositories/fediverse-repository.ts";
import type { FederationDeps, LoadedFederation } from "./federation.ts";
import type { MessageRunner } from "./job-message-queue.ts";

/** Where outgoing messages go, as Fedify queues them (`type: "outbox"`). */
function outboxInbox(message: unknown): string | null {
  if (typeof message !== "object" || message === null) return null;
  const { type, inbox } = message as { type?: unknown; inbox?: unknown };
  return type === "outbox" && typeof inbox === "string" ? inbox : null;
}

/** The federation of this process, made on first use. */
export class FediverseHost implements MessageRunner {
  private loading: Promise<LoadedFederation> | null = null;
  private readonly stop = new AbortController();
  private readonly deps: FederationDeps;

  constructor(deps: FederationDeps) {
    this.deps = deps;
  }

  /** Whether Fedify was loaded in this process (tests of memory at rest). */
  get loaded(): boolean {
    return this.loading !== null;
  }

  /** The federation, loaded (and listening to its queue) on the first call. */
  load(): Promise<LoadedFederation> {
    this.loading ??= import("./federation.ts").then(({ buildFederation }) => {
      const loaded = buildFederation(this.deps);
      loaded.federation
        .startQueue(undefined, { signal: this.stop.signal })
        .catch((error: unknown) => {
          this.deps.log("error", "the fediverse queue stopped", { err: error });
        });
      return loaded;
    });
    return this.loading;
  }

  async ready(): Promise<void> {
    await this.load();
  }

  /** Refuses a delivery to a private address (unless `FEDERATION_ALLOW_PRIVATE`). */
  async check(message: unknown): Promise<void> {
    const inbox = outboxInbox(message);
    if (!inbox || this.deps.allowPrivate) return;
    const { validatePublicUrl } = await import("@fedify/fedify");
    await validatePublicUrl(inbox);
  }

  async restore(message: unknown): Promise<unknown> {
    const loaded = await this.load();
    return loaded.restoreKeys(message);
  }

  /** A delivery went through: its inbox is not failing. */
  async done(message: unknown): Promise<void> {
    const inbox = outboxInbox(message);
    if (inbox) await clearInboxFailure(this.deps.db.kysely, inbox);
  }

  /** Answers a request Fedify serves. */
  async fetch(request: Request, onNotFound: () => Response): Promise<Response> {
    const { federation } = await this.load();
    return federation.fetch(request, {
      contextData: undefined,
      onNotFound,
      onNotAcceptable: onNotFound,
    });
  }

  /** Stops listening to the queue. */
  close(): void {
    this.stop.abort();
  }
}
