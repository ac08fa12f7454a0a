/**
 * One save at a time (issue 13): every source of a save (the button, Ctrl+S, the autosave
 * timer, leaving the page) asks this queue, which runs one save at a time and coalesces the
 * rest, so a create is never sent twice ("Create" and Ctrl+S together made two entries).
 *
 * - Nothing running: the save starts at once.
 * - An explicit save running: a request of either kind joins it (it saves the latest values
 *   and leaves the page; a second one would only repeat it). If it does not go through (the
 *   runner answers `false`: refused, a title missing), the autosave requests that joined it
 *   run after it: what is typed still reaches the server.
 * - An autosave running: the request waits for it, then one more save runs with the values of
 *   that moment; requests made meanwhile share that one run, which is explicit if any of
 *   them was.
 *
 * The runner reads the form's values when it runs, not when it was asked for, so a queued
 * save always sends the newest text.
 */

/** What asked for a save: the autosave (timer, hidden page) or the writer (button, Ctrl+S). */
export type SaveKind = "autosave" | "explicit";

/**
 * Performs one save of the given kind; the queue never runs two at once. Answers whether the
 * save went through (`false`: refused).
 */
export type SaveRunner = (kind: SaveKind) => Promise<boolean>;

interface Waiting {
  kind: SaveKind;
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** A single-flight save queue with coalescing; see the module comment. */
export class SaveQueue {
  private readonly runner: SaveRunner;
  private running: { kind: SaveKind; promise: Promise<void>; joined?: Waiting } | null = null;
  private waiting: Waiting | null = null;
  private readonly idleListeners = new Set<() => void>();

  constructor(runner: SaveRunner) {
    this.runner = runner;
  }

  /** The kind of the save running now, or null. */
  get current(): SaveKind | null {
    return this.running?.kind ?? null;
  }

  /** The kind of the save waiting for the running one, or null. */
  get queued(): SaveKind | null {
    return this.waiting?.kind ?? null;
  }

  /**
   * Asks for a save; resolves (or rejects, with the runner's error) once the save that
   * covers this request has run.
   */
  request(kind: SaveKind): Promise<void> {
    if (!this.running) return this.start(kind);
    if (this.running.kind === "explicit") {
      if (kind === "explicit") return this.running.promise;
      this.running.joined ??= waiting("autosave");
      return this.running.joined.promise;
    }
    if (this.waiting) {
      if (kind === "explicit") this.waiting.kind = "explicit";
      return this.waiting.promise;
    }
    this.waiting = waiting(kind);
    return this.waiting.promise;
  }

  /** Resolves once nothing runs and nothing waits. */
  idle(): Promise<void> {
    if (!this.running && !this.waiting) return Promise.resolve();
    return new Promise((resolve) => {
      this.idleListeners.add(resolve);
    });
  }

  private start(kind: SaveKind): Promise<void> {
    const promise = this.run(kind);
    this.running = { kind, promise };
    return promise;
  }

  private async run(kind: SaveKind): Promise<void> {
    // Let `start` record the run before the runner can ask for another save.
    await Promise.resolve();
    let saved = true;
    try {
      saved = await this.runner(kind);
    } catch (error) {
      this.running?.joined?.reject(error);
      throw error;
    } finally {
      const joined = this.running?.joined;
      this.running = null;
      // Autosaves that joined an explicit save which did not go through run after it (no
      // other save waits while an explicit one runs).
      if (joined && !saved) this.waiting = joined;
      else joined?.resolve();
      this.next();
    }
  }

  private next(): void {
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting) {
      this.start(waiting.kind).then(waiting.resolve, waiting.reject);
      return;
    }
    for (const listener of this.idleListeners) listener();
    this.idleListeners.clear();
  }
}

/** A request waiting for its run: its kind, and the promise its requesters hold. */
function waiting(kind: SaveKind): Waiting {
  let resolve: () => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { kind, promise, resolve, reject };
}
