/**
 * The journal's days (`GET /api/journal/days`, ADR 049): how many of the caller's own entries
 * each day of a range holds (the endpoint counts the caller's entries only).
 */
import { sdk, type ApiClient } from "../client/api-client.ts";

/** Entries of one day, as `GET /api/journal/days` answers them. */
export interface DayCount {
  date: string;
  count: number;
}

/** The caller's entries per day from `from` to `to` (`YYYY-MM-DD`, at most 400 days). */
export async function journalDays(api: ApiClient, from: string, to: string): Promise<DayCount[]> {
  const answer = await sdk(api).send<{ days: DayCount[] }>("/api/journal/days", {
    query: { from, to },
    requestKey: null,
  });
  return answer.days;
}
