/**
 * Keeps a page's comments live (ADR 065): subscribes to the `comments` collection filtered by
 * the record, so a comment approved while the page is open arrives (the route's loader runs
 * again and renders it on the server); answers what to announce politely, "1 new comment".
 * The server re-authorises every event, so held comments of others never arrive.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { filterExpression } from "../../api/records/record-reads.ts";
import { useLiveRecords, type LiveTopic } from "../../components/live/use-live-records.ts";

/**
 * The collection's name, written here rather than imported from `api/comments/comments.ts`:
 * that module's requests would otherwise join every reading page's scripts (ADR 050).
 */
const COMMENTS = "comments";

/**
 * Subscribes to `recordId`'s comments while the page is open; answers how many approved
 * comments arrived since the last render before (0 at first and when some were removed).
 */
export function useLiveComments(recordId: string, approved: number): number {
  const topics = useMemo<LiveTopic[]>(
    () =>
      typeof window === "undefined"
        ? []
        : [
            {
              collection: COMMENTS,
              topic: "*",
              filter: filterExpression(getBrowserClient(), "record = {:record}", {
                record: recordId,
              }),
            },
          ],
    [recordId],
  );
  useLiveRecords({ topics });
  const seen = useRef(approved);
  const [added, setAdded] = useState(0);
  useEffect(() => {
    setAdded(approved > seen.current ? approved - seen.current : 0);
    seen.current = approved;
  }, [approved]);
  return added;
}
