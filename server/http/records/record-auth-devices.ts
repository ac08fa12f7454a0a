/**
 * `POST /api/collections/users/devices/sign-out-others` (ADR 053): the signed-in account
 * deletes every device but the one its token was issued to, which signs them all out on
 * every instance. The devices themselves are records of the `devices` collection (list, view
 * and delete through the records API). PocketBase has no devices; the path follows its auth
 * routes.
 */
import type { FastifyInstance } from "fastify";
import type { Devices } from "../../core/auth/devices/devices.ts";
import { requestInfo } from "../request-context.ts";
import { registerAuthAction } from "./record-auth-body.ts";

/** Registers the devices route. */
export function registerRecordAuthDevicesRoutes(app: FastifyInstance, devices: Devices): void {
  registerAuthAction(app, "devices/sign-out-others", null, (collection, request) =>
    devices.signOutOthers(
      collection,
      requestInfo(request),
      // Impersonation tokens are the only ones that cannot be refreshed.
      request.authToken?.claims.refreshable === false,
    ),
  );
}
