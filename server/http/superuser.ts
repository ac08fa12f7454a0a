/** The guard of PocketBase's superuser-only routes (logs, settings, backups). */
import type { FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "../core/errors.ts";

/** Throws 401 for guests and 403 for any auth record that is not a superuser. */
export function requireSuperuser(request: FastifyRequest): void {
  if (!request.auth) throw unauthorized();
  if (!request.auth.isSuperuser)
    throw forbidden("The authorized record is not allowed to perform this action.");
}
