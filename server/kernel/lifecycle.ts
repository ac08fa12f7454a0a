/**
 * The application's parts in the order they were made (issue 24): each part that holds
 * something (a connection, a timer, a server) is registered with how to start and close it;
 * parts start in order and close in reverse, once, whether the application stops or fails
 * half-way through being made. A part that fails to close is reported and the others still
 * close.
 */

/** One part of the application, with what its start and close do (given the part). */
export interface Part<T = unknown> {
  /** Shown in reports (`"job queue"`). */
  name: string;
  start?: (value: T) => void | Promise<void>;
  close?: (value: T) => void | Promise<void>;
}

/** A part as stored: its hooks bound to its value. */
interface BoundPart {
  name: string;
  start?: () => void | Promise<void>;
  close?: () => void | Promise<void>;
}

/** Where a failed close is reported. */
export type CloseReport = (error: unknown, part: string) => void;

/** The parts of one application. */
export class Lifecycle {
  private readonly parts: BoundPart[] = [];
  private started = 0;
  private closing: Promise<void> | null = null;
  private readonly report: CloseReport;

  constructor(report: CloseReport = () => undefined) {
    this.report = report;
  }

  /** Adds a part (after every part added before it); answers `value` for chaining. */
  add<T>(value: T, part: Part<T>): T {
    if (this.closing) throw new Error(`Cannot add "${part.name}": the application is closing`);
    const { start, close } = part;
    this.parts.push({
      name: part.name,
      ...(start ? { start: () => start(value) } : {}),
      ...(close ? { close: () => close(value) } : {}),
    });
    return value;
  }

  /** The names of the parts, in order (start order; close runs the other way). */
  names(): string[] {
    return this.parts.map((part) => part.name);
  }

  /** Starts the parts not started yet, in order. */
  async start(): Promise<void> {
    while (this.started < this.parts.length) {
      const part = this.parts[this.started];
      this.started += 1;
      await part?.start?.();
    }
  }

  /** Closes every part, the last added first; later calls wait for the same close. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      for (const part of [...this.parts].reverse()) {
        try {
          await part.close?.();
        } catch (error) {
          this.report(error, part.name);
        }
      }
    })();
    return this.closing;
  }
}
