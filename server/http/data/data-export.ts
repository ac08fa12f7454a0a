/**
 * `GET /api/export`: the signed-in account's data as one zip archive, streamed (ADR 044).
 * Superusers name the account with `?user=<id or username>`. Browsers download it with a
 * plain link: a file token (`POST /api/files/token`) in `?token=` stands for the
 * Authorization header, as for protected files and backups.
 */
import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { DataExportService } from "../../core/data-export/export-service.ts";
import type { FileService } from "../../core/files/file-service.ts";
import { queryOf, requestInfo } from "../request-context.ts";

/** Registers the export route. */
export function registerDataExportRoutes(
  app: FastifyInstance,
  exporter: DataExportService,
  files: FileService,
): void {
  app.get("/api/export", async (request, reply) => {
    const query = queryOf(request);
    const info = requestInfo(request);
    const auth = info.auth ?? (await files.authFromFileToken(query.token));
    const target = await exporter.target({ ...info, auth }, query.user);
    // Everything the access check needs is known: from here on the archive is streamed.
    return reply
      .header("Content-Type", "application/zip")
      .header("Content-Disposition", `attachment; filename="${exporter.fileName(target)}"`)
      .header("Cache-Control", "no-store")
      .header("X-Content-Type-Options", "nosniff")
      .send(Readable.from(exporter.archive(target), { objectMode: false }));
  });
}
