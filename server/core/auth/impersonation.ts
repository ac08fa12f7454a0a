/**
 * `impersonate/{id}`: a superuser gets a token of another auth record, to see the site as that
 * record does. The token cannot be refreshed (`refreshable: false`), so it ends with its
 * duration (the collection's auth token duration, or `duration` seconds when given). Every
 * impersonation is recorded for the account's owner to see (`impersonation-log.ts`).
 */
import { badRequest, fieldError, forbidden, notFound, unauthorized } from "../errors.ts";
import type { Collection } from "../models/collection.ts";
import { rowToRecord } from "../records/record-service.ts";
import type { RequestInfo } from "../records/request-info.ts";
import type { AccountDeps } from "./account-deps.ts";
import type { AuthResponse } from "./auth-service.ts";
import { requireAuthCollection, VALIDATION_FAILED, type ReadInput } from "./auth-input.ts";

/** Superusers signing in as someone else. */
export class Impersonation {
  private readonly deps: AccountDeps;

  constructor(deps: AccountDeps) {
    this.deps = deps;
  }

  /**
   * Answers `{token, record}` for record `id`: 401 for guests, 403 for anyone but a
   * superuser, 404 for an unknown record, 400 for a negative `duration`.
   */
  async impersonate(
    collection: Collection,
    request: RequestInfo,
    id: string,
    read: ReadInput<{ duration: number }>,
    expand?: string,
  ): Promise<AuthResponse> {
    // PocketBase's RequireSuperuserAuth runs first.
    if (!request.auth) throw unauthorized();
    if (!request.auth.isSuperuser)
      throw forbidden("The authorized record is not allowed to perform this action.");
    const auth = requireAuthCollection(collection);
    const row = await this.deps.records.findById(auth, id);
    if (!row) throw notFound();
    const { duration } = await read();
    if (duration < 0) {
      throw badRequest(VALIDATION_FAILED, {
        duration: fieldError(
          "validation_min_greater_equal_than_required",
          "Must be no less than {threshold}.",
          {
            threshold: 0,
          },
        ),
      });
    }
    const record = rowToRecord(auth, row);
    // PocketBase checks the authRule as the requester, and a superuser passes every rule; the
    // sign-in listeners log the impersonation (ADR 046) before the token exists.
    return this.deps.auth.completeAuth(auth, record, request, {
      method: "impersonation",
      refreshable: false,
      duration: duration || undefined,
      expand,
    });
  }
}
