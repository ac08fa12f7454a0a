/**
 * `POST /api/import` (ADR 044): multipart `file` (the export to import) and `format`
 * (`cahier`, `dayone`, `ghost`, `writefreely`, `markdown`; `auto` or none: recognised from
 * the file, core/data-import/detect-format.ts), optional `dryRun=true` (also
 * accepted in the query string, like `format`). Superusers name the account with
 * `?user=<id or username>`. Answers `{ imported: { entries, posts, collections, files },
 * skipped: [{ item, reason }] }`.
 *
 * Access is checked before the body is read; the upload is streamed to a private work file
 * (never held in memory) and refused with 413 past the limit. The import then runs as a job
 * (issue 23 finding 2): with `Prefer: respond-async` the answer is 202 with the import to
 * follow (`Location: /api/imports/{id}`), otherwise the request waits for its report.
 *
 * `GET /api/imports/{id}`: the import, to its owner and to the session that started it.
 */
import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import type { FastifyInstance } from "fastify";
import {
  IMPORT_FORMATS,
  isImportFormat,
  type DataImportService,
  type ImportFormat,
} from "../../core/data-import/import-service.ts";
import type { ImportRuns } from "../../core/data-import/import-runs.ts";
import { badRequest, CoreError, fieldError } from "../../core/errors.ts";
import type { ImportRun } from "#shared/records/import-run.ts";
import { queryOf, requestInfo } from "../request-context.ts";

const INVALID = "An error occurred while validating the submitted data.";

const tooLarge = () => new CoreError(413, "Request entity too large.");

/** The `format` value (`auto` when none is named), or a 400 naming the field. */
function readFormat(value: string | undefined): ImportFormat | "auto" {
  if (value === undefined || value === "" || value === "auto") return "auto";
  if (!isImportFormat(value))
    throw badRequest(INVALID, {
      format: fieldError(
        "validation_invalid_value",
        `Must be one of: ${IMPORT_FORMATS.join(", ")}, auto.`,
      ),
    });
  return value;
}

/** The `dryRun` value (`true`/`1` or `false`/`0`/empty), or a 400 naming the field. */
function readDryRun(value: string | undefined): boolean {
  if (value === undefined || value === "" || value === "false" || value === "0") return false;
  if (value === "true" || value === "1") return true;
  throw badRequest(INVALID, {
    dryRun: fieldError("validation_invalid_value", "Must be true or false."),
  });
}

/** Whether the client asked not to wait (RFC 7240 `Prefer: respond-async`). */
function respondAsync(header: string | string[] | undefined): boolean {
  const values = Array.isArray(header) ? header : [header ?? ""];
  return values.some((value) =>
    value.split(",").some((part) => part.split(";")[0]?.trim().toLowerCase() === "respond-async"),
  );
}

/** Registers the import routes. */
export function registerDataImportRoutes(
  app: FastifyInstance,
  importer: DataImportService,
  runs: ImportRuns,
): void {
  app.get<{ Params: { id: string } }>("/api/imports/:id", async (request) =>
    runs.view(request.params.id, requestInfo(request)),
  );

  app.post("/api/import", async (request, reply) => {
    const query = queryOf(request);
    const info = requestInfo(request);
    const target = await importer.target(info, query.user);
    const fields: { format?: string; dryRun?: string } = {};
    if (query.format !== undefined) fields.format = readFormat(query.format);
    if (query.dryRun !== undefined) fields.dryRun = String(readDryRun(query.dryRun));
    const maxBytes = importer.limits.maxUploadBytes;
    if (Number(request.headers["content-length"] ?? 0) > maxBytes + 1024 * 1024) throw tooLarge();
    const missingFile = () =>
      badRequest(INVALID, { file: fieldError("validation_required", "Cannot be blank.") });
    if (!request.isMultipart()) throw missingFile();

    const workspace = importer.workspace();
    let uploaded = false;
    let started: ImportRun;
    try {
      try {
        const parts = request.parts({
          limits: { fileSize: maxBytes, files: 2, fields: 10, fieldSize: 1024 },
        });
        for await (const part of parts) {
          if (part.type === "file") {
            if (part.fieldname !== "file" || uploaded) {
              part.file.resume();
              continue;
            }
            uploaded = true;
            await pipeline(part.file, fs.createWriteStream(workspace.upload, { mode: 0o600 }));
            if (part.file.truncated) throw tooLarge();
            continue;
          }
          const value = typeof part.value === "string" ? part.value : String(part.value);
          // Refused at once: an unknown format wastes no upload.
          if (part.fieldname === "format") fields.format = readFormat(value.trim());
          else if (part.fieldname === "dryRun") fields.dryRun = String(readDryRun(value.trim()));
        }
      } catch (error) {
        if (error instanceof CoreError) throw error;
        if ((error as { statusCode?: unknown }).statusCode === 413) throw tooLarge();
        throw badRequest("An error occurred while loading the submitted data.");
      }
      const named = readFormat(fields.format);
      if (!uploaded) throw missingFile();
      const format = named === "auto" ? await importer.detect(workspace) : named;
      const owner = String(target.owner.id);
      started = await runs.start(info, owner, format, workspace, fields.dryRun === "true");
    } catch (error) {
      await importer.discard(workspace);
      throw error;
    }
    // The job owns the workspace from here.
    if (respondAsync(request.headers.prefer)) {
      void reply
        .header("Location", `/api/imports/${started.id}`)
        .header("Preference-Applied", "respond-async");
      return reply.code(202).send(started);
    }
    const run = await runs.wait(started.id, info);
    if (run.error)
      throw new CoreError(run.error.status, run.error.message, run.error.data as never);
    return run.report;
  });
}
