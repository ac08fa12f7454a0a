/**
 * An import followed while it runs (issue 23 finding 2): `POST /api/import` with
 * `Prefer: respond-async` answers 202 with one of these, and `GET /api/imports/{id}` answers
 * it again as the import goes on. One definition for the server and the app.
 */
import type { ImportFormat } from "./import-formats.ts";

/** Where an import is: waiting for a worker, running, finished, or stopped by an error. */
export const IMPORT_RUN_STATES = ["queued", "running", "done", "failed"] as const;

/** One state of an import. */
export type ImportRunState = (typeof IMPORT_RUN_STATES)[number];

/** How far a running import got: unpacking and reading the upload, then writing its items. */
export interface ImportRunProgress {
  phase: "reading" | "writing";
  /** Items written (0 while reading). */
  done: number;
  /** Items to write (0 while reading). */
  total: number;
}

/** Why an import stopped: the answer the synchronous import would have given. */
export interface ImportRunError {
  status: number;
  message: string;
  data: Record<string, unknown>;
}

/** An import, as `GET /api/imports/{id}` answers it. */
export interface ImportRun<Report = unknown> {
  id: string;
  format: ImportFormat;
  dryRun: boolean;
  state: ImportRunState;
  progress: ImportRunProgress | null;
  /** The report, once done (the synchronous import's answer). */
  report: Report | null;
  /** Why it failed, once failed. */
  error: ImportRunError | null;
  created: string;
  updated: string;
}
