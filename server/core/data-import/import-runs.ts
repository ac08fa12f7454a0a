/**
 * Imports as jobs of the queue (issue 23 finding 2, ADR 064): `POST /api/import` stores the
 * upload in a private work folder and queues a job that reads and writes it away from the
 * request; the person follows it (`GET /api/imports/{id}`: its state, its progress, then its
 * report or its error), or the request waits for it (the synchronous answer of ADR 044).
 *
 * The upload is a local file, so the job's kind names the data folder
 * (`data.import:<folder id>`): only a process on that folder runs it, and the same instance
 * takes it up again after a restart. A job stopped by a restart or a failure of the database
 * runs again from its upload and creates nothing twice (`_imports` keys); an import refused
 * (a 4xx: the upload is not the format, too large, unsafe) is done, with its error kept.
 */
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { ImportFormat } from "#shared/records/import-formats.ts";
import type { ImportRun, ImportRunError, ImportRunProgress } from "#shared/records/import-run.ts";
import { findCollection } from "../collections/collection-lookup.ts";
import { CoreError, notFound, unauthorized } from "../errors.ts";
import type { JobContext, JobQueue } from "../jobs/job-queue.ts";
import type { RecordService } from "../records/record-service.ts";
import type { AuthInfo, RequestInfo } from "../records/request-info.ts";
import { hasActiveJob, type JobRow } from "../../data/repositories/job-repository.ts";
import type { DataImportService, ImportReport, ImportWorkspace } from "./import-service.ts";

/** What an import job is given: where its upload is, what to do, and who asked. */
interface ImportJobPayload {
  folder: string;
  format: ImportFormat;
  dryRun: boolean;
  /** The account imported into. */
  owner: string;
  /** The session that asked: the writes run under its rules, and only it may follow them. */
  by: { collection: string; id: string; device: string | null };
}

/** What an import job answers. */
type ImportJobResult = { report: ImportReport } | { error: ImportRunError };

/** Attempts of an import: a restart or a database that failed twice is not the upload's fault. */
const MAX_ATTEMPTS = 3;
/** The key prefix of an account's imports (one at a time). */
const keyPrefix = (owner: string) => `import:${owner}:`;

const busy = () =>
  new CoreError(429, "Another import into this account is running; try again when it ends.");

const STOPPED: ImportRunError = {
  status: 500,
  message:
    "The import stopped before it finished. What it wrote stays; importing the same file again adds only the rest.",
  data: {},
};

/** A JSON column's value (null when empty or not JSON); the caller names its shape. */
function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Imports queued, run and followed. */
export class ImportRuns {
  /** This data folder's kind of import job. */
  readonly kind: string;
  private readonly jobs: JobQueue;
  private readonly importer: DataImportService;
  private readonly records: RecordService;
  /** Accounts whose import is being queued right now. */
  private readonly starting = new Set<string>();

  constructor(
    jobs: JobQueue,
    importer: DataImportService,
    records: RecordService,
    folderId: string,
  ) {
    this.jobs = jobs;
    this.importer = importer;
    this.records = records;
    this.kind = `data.import:${folderId}`;
    jobs.define<ImportJobPayload>({
      kind: this.kind,
      maxAttempts: MAX_ATTEMPTS,
      backoff: { baseMs: 5_000, maxMs: 60_000 },
      run: (payload, context) => this.execute(payload, context),
    });
  }

  /**
   * Queues the import of the upload in `workspace` (the job owns it from here). 429 while
   * another import into the account is queued or running.
   */
  async start(
    request: RequestInfo,
    owner: string,
    format: ImportFormat,
    workspace: ImportWorkspace,
    dryRun: boolean,
  ): Promise<ImportRun> {
    const auth = request.auth;
    if (!auth) throw unauthorized();
    // Checked and queued as one step in this process (two uploads at once: one gets the 429).
    if (this.starting.has(owner)) throw busy();
    this.starting.add(owner);
    try {
      if (await hasActiveJob(this.records.db.kysely, keyPrefix(owner))) throw busy();
      return await this.enqueue(request, auth, owner, format, workspace, dryRun);
    } finally {
      this.starting.delete(owner);
    }
  }

  private async enqueue(
    request: RequestInfo,
    auth: AuthInfo,
    owner: string,
    format: ImportFormat,
    workspace: ImportWorkspace,
    dryRun: boolean,
  ): Promise<ImportRun> {
    const payload: ImportJobPayload = {
      folder: workspace.folder,
      format,
      dryRun,
      owner,
      by: {
        collection: auth.collection.id,
        id: String(auth.record.id),
        device: auth.device ?? null,
      },
    };
    const { id } = await this.jobs.enqueue(this.kind, payload, {
      key: `${keyPrefix(owner)}${randomUUID()}`,
    });
    return this.view(id, request);
  }

  /** The import `id` as its owner or the session that started it sees it; 404 for anyone else. */
  async view(id: string, request: RequestInfo): Promise<ImportRun> {
    if (!request.auth) throw unauthorized();
    const row = await this.jobs.find(id);
    const payload =
      row && row.kind.startsWith("data.import:")
        ? (parse(row.payload) as ImportJobPayload | null)
        : null;
    if (!row || !payload || !mayFollow(request.auth, payload)) throw notFound();
    return present(row, payload);
  }

  /** Waits until the import `id` is done or failed; answers it. */
  async wait(id: string, request: RequestInfo): Promise<ImportRun> {
    for (;;) {
      const row = await this.jobs.settled(id);
      if (!row || row.state === "done" || row.state === "failed") return this.view(id, request);
    }
  }

  /** Runs one import job. */
  private async execute(payload: ImportJobPayload, context: JobContext): Promise<ImportJobResult> {
    const workspace: ImportWorkspace = {
      folder: payload.folder,
      upload: path.join(payload.folder, "upload"),
    };
    let final = true;
    try {
      if (!fs.existsSync(workspace.upload))
        return {
          error: {
            status: 400,
            message: "The upload of this import is gone; send the file again.",
            data: {},
          },
        };
      context.progress({ phase: "reading", done: 0, total: 0 } satisfies ImportRunProgress);
      const target = await this.importer.target(await this.session(payload), payload.owner);
      const report = await this.importer.run(target, payload.format, workspace, {
        dryRun: payload.dryRun,
        signal: context.signal,
        onProgress: (done, total) => {
          context.progress({ phase: "writing", done, total } satisfies ImportRunProgress);
        },
      });
      return { report };
    } catch (error) {
      if (error instanceof CoreError && error.status < 500)
        return { error: { status: error.status, message: error.message, data: error.data } };
      // Stopped by a restart, or by the database: it runs again from its upload.
      final = !context.signal.aborted && context.attempt >= MAX_ATTEMPTS;
      throw error;
    } finally {
      if (final) await this.importer.discard(workspace);
    }
  }

  /** The session that asked, as it is now (a deleted account or superuser imports nothing). */
  private async session(payload: ImportJobPayload): Promise<RequestInfo> {
    const collection = findCollection(payload.by.collection);
    const record = collection ? await this.records.findById(collection, payload.by.id) : undefined;
    if (!collection || !record) throw unauthorized();
    const auth: AuthInfo = {
      collection,
      record,
      isSuperuser: collection.name === "_superusers",
      device: payload.by.device ?? undefined,
    };
    return { auth, method: "POST", context: "default", headers: {}, query: {}, body: undefined };
  }
}

/** Whether `auth` may follow an import: the session's account that started it, its owner, or a superuser. */
function mayFollow(auth: AuthInfo, payload: ImportJobPayload): boolean {
  if (auth.isSuperuser) return true;
  const id = String(auth.record.id);
  if (auth.collection.id === payload.by.collection && id === payload.by.id) return true;
  return auth.collection.name === "users" && id === payload.owner;
}

/** A job as the import API shows it. */
function present(row: JobRow, payload: ImportJobPayload): ImportRun {
  const result = parse(row.result) as ImportJobResult | null;
  const error =
    result && "error" in result ? result.error : row.state === "failed" ? STOPPED : null;
  return {
    id: row.id,
    format: payload.format,
    dryRun: payload.dryRun,
    state: row.state === "done" && error ? "failed" : row.state,
    progress: parse(row.progress) as ImportRunProgress | null,
    report: result && "report" in result ? result.report : null,
    error,
    created: row.created,
    updated: row.updated,
  };
}
