/**
 * One open record kept live (an entry or a post page): its changes elsewhere revalidate the
 * page in place; once it is deleted, or no longer shared with the viewer (the server then
 * sends a delete, ADR 029), the page says so instead of showing a stale copy.
 */
import { useState } from "react";
import { useLiveRecords } from "./use-live-records.ts";
import type { LiveStatus } from "./live-session.ts";

/** The open record's live state. */
export interface LiveRecord {
  status: LiveStatus;
  /** The record was deleted or left the viewer's reach. */
  gone: boolean;
  /** Bumped each time a change elsewhere refreshed the page (for a polite announcement). */
  refreshed: number;
}

/** Watches `collection`/`id` while the page shows it. */
export function useLiveRecord(collection: string, id: string): LiveRecord {
  const [gone, setGone] = useState<{ id: string } | null>(null);
  const [refreshed, setRefreshed] = useState(0);
  const { status } = useLiveRecords({
    topics: [{ collection, topic: id }],
    onEvents: (events) => {
      const last = events
        .flatMap((event) => (event.kind === "record" && event.record.id === id ? [event] : []))
        .at(-1);
      if (last?.action === "delete") {
        setGone({ id });
        return false;
      }
      if (last) {
        setGone(null);
        setRefreshed((count) => count + 1);
      }
      return true;
    },
  });
  return { status, gone: gone?.id === id, refreshed };
}
