/**
 * `/api/backups` (superusers, as in PocketBase): list, create, upload, download with a
 * superuser file token, delete and restore.
 */
import type { FastifyInstance } from "fastify";
import type { BackupService } from "../../core/backups/backup-service.ts";
import { badRequest, CoreError, fieldError, forbidden } from "../../core/errors.ts";
import type { FileService } from "../../core/files/file-service.ts";
import { readBody } from "../middlewares/body.ts";
import { queryOf } from "../request-context.ts";
import { requireSuperuser } from "../superuser.ts";

/** Largest archive accepted by the upload (zip without zip64 stays under 4 GiB). */
const MAX_UPLOAD_BYTES = 4 * 1024 * 1024 * 1024 - 1;

/** Registers the backups API. */
export function registerBackupRoutes(
  app: FastifyInstance,
  backups: BackupService,
  files: FileService,
): void {
  app.get("/api/backups", async (request) => {
    requireSuperuser(request);
    return backups.list();
  });

  app.post("/api/backups", async (request, reply) => {
    requireSuperuser(request);
    const body = await readBody(request, "An error occurred while loading the submitted data.");
    const name = body.name;
    if (name !== undefined && name !== "" && typeof name !== "string") {
      throw badRequest("An error occurred while validating the submitted data.", {
        name: fieldError("validation_match_invalid", "Must be in a valid format."),
      });
    }
    await backups.create(typeof name === "string" && name !== "" ? name : undefined);
    return reply.status(204).send();
  });

  app.post("/api/backups/upload", async (request, reply) => {
    requireSuperuser(request);
    const missing = () =>
      badRequest("An error occurred while validating the submitted data.", {
        file: fieldError("validation_required", "Cannot be blank."),
      });
    if (!request.isMultipart()) throw missing();
    let uploaded = false;
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES } })) {
      if (part.type !== "file") continue;
      if (part.fieldname !== "file" || uploaded) {
        part.file.resume();
        continue;
      }
      uploaded = true;
      await backups.upload(part.filename, part.file as AsyncIterable<Buffer>, MAX_UPLOAD_BYTES);
      if (part.file.truncated) throw new CoreError(413, "Request entity too large.");
    }
    if (!uploaded) throw missing();
    return reply.status(204).send();
  });

  app.get("/api/backups/:key", async (request, reply) => {
    const auth = await files.authFromFileToken(queryOf(request).token);
    if (!auth?.isSuperuser) throw forbidden("Insufficient permissions to access the resource.");
    const { key } = request.params as { key: string };
    // Streamed from the instance's folder or the shared bucket, never held in memory.
    const file = await backups.open(key);
    return reply
      .header("Content-Type", "application/zip")
      .header("Content-Length", String(file.size))
      .header("Content-Disposition", `attachment; filename="${key}"`)
      .header("Cache-Control", "no-store")
      .send(file.stream());
  });

  app.delete("/api/backups/:key", async (request, reply) => {
    requireSuperuser(request);
    const { key } = request.params as { key: string };
    await backups.remove(key);
    return reply.status(204).send();
  });

  app.post("/api/backups/:key/restore", async (request, reply) => {
    requireSuperuser(request);
    const { key } = request.params as { key: string };
    await backups.restore(key);
    return reply.status(204).send();
  });
}
