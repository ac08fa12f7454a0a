/**
 * `POST /api/files/token` (PocketBase `apis/file.go` fileToken): a short-lived (180 s) file
 * token for the authenticated record, used as `?token=` on protected files. Guests get 401.
 */
import type { FastifyInstance } from "fastify";
import type { FileService } from "../../core/files/file-service.ts";
import { requestInfo } from "../request-context.ts";

/** Registers the file token route. */
export function registerFileTokenRoutes(app: FastifyInstance, files: FileService): void {
  app.post("/api/files/token", async (request) => ({
    token: await files.fileToken(requestInfo(request)),
  }));
}
