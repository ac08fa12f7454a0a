/**
 * Every impersonation is recorded where its victim can read it (ADR 046): one `authEvents`
 * row per impersonation token issued for a `users` record (who acted, from where, until
 * when), written before the token exists, so an impersonation that cannot be recorded does
 * not happen. The account's owner lists these rows (the devices list will show them);
 * nobody but a superuser may change or delete them.
 *
 * This module is the one place that writes them.
 */
import { authEventsCollection } from "../../data/registry/auth-events.ts";
import { USERS_COLLECTION_ID } from "../../data/registry/common-fields.ts";
import type { RecordService } from "../records/record-service.ts";
import { operatorRequest } from "../records/request-info.ts";
import { formatDate } from "../records/values.ts";
import type { AuthService, SignInEvent } from "./auth-service.ts";

/** Reports impersonations of records that have no events collection (superusers). */
export type ImpersonationReporter = (message: string, data: Record<string, unknown>) => void;

/** The `authEvents` row of an impersonation. */
export function impersonationEvent(event: SignInEvent, now: number): Record<string, unknown> {
  const { request } = event;
  return {
    user: String(event.record.id),
    kind: "impersonation",
    actor: request.auth ? String(request.auth.record.id) : "",
    ip: (request.ip ?? "").slice(0, 64),
    userAgent: (request.headers.user_agent ?? "").slice(0, 500),
    expires: formatDate(new Date(now + event.duration * 1000)),
  };
}

/** Records every impersonation of `auth`'s sign-ins. */
export function logImpersonations(
  auth: AuthService,
  records: RecordService,
  report: ImpersonationReporter,
  clock: () => number = () => Date.now(),
): void {
  auth.onSignIn(async (event) => {
    if (event.method !== "impersonation") return;
    if (event.collection.id !== USERS_COLLECTION_ID) {
      report("impersonation", {
        collection: event.collection.name,
        record: String(event.record.id),
        actor: event.request.auth ? String(event.request.auth.record.id) : "",
        ip: event.request.ip ?? "",
      });
      return;
    }
    await records.create(
      authEventsCollection,
      operatorRequest(),
      impersonationEvent(event, clock()),
    );
  });
}
