/**
 * `GET /api/journal/days?from=YYYY-MM-DD&to=YYYY-MM-DD` (issue 14, ADR 049): the signed-in
 * account's own entries counted per day of their `date`, `{days: [{date, count}]}`, oldest
 * first. 401 for guests; 400 for a missing or bad day, `to` before `from`, or a range over
 * 400 days.
 */
import type { FastifyInstance } from "fastify";
import type { RecordService } from "../../core/records/record-service.ts";
import { journalDays } from "../../core/journal/journal-days.ts";
import { queryOf } from "../request-context.ts";

/** Registers `GET /api/journal/days`. */
export function registerJournalRoutes(app: FastifyInstance, records: RecordService): void {
  app.get("/api/journal/days", async (request) =>
    journalDays(records.db, request.auth, queryOf(request)),
  );
}
