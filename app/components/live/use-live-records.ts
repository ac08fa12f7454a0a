/**
 * Live pages: `useLiveRecords` subscribes, in the browser only, to record changes through the
 * API's realtime client (`api/realtime/realtime.ts`) while the page is mounted and
 * its tab visible, coalesces bursts of events, and revalidates the route's loader data with
 * React Router's revalidator: the page re-renders in place, so scroll position, focus and open
 * forms stay as they were. It resubscribes after the SDK reconnects and refetches once then
 * (events may have been missed), pauses while the tab is hidden, and does nothing where
 * realtime is unavailable. The server re-authorises every event for this viewer (ADR 021).
 */
import { useEffect, useReducer, useRef } from "react";
import { useRevalidator } from "react-router";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import type { ApiRecord } from "../../api/records/records.ts";
import {
  onRealtimeDisconnect,
  realtimeConnected,
  subscribeConnect,
  subscribeRecords,
} from "../../api/realtime/realtime.ts";
import { createCoalescer } from "./coalesce.ts";
import { INITIAL_SESSION, nextSession, type LiveSignal, type LiveStatus } from "./live-session.ts";

/** One subscription: a collection's records (`*`) or one record (its id), with options. */
export interface LiveTopic {
  /** The collection's name (`posts`, `entries`, `items`…). */
  collection: string;
  /** `*` for every record the viewer may list, or one record id (its view rule applies). */
  topic: string;
  /** A filter the server applies to each event, as in a list request. */
  filter?: string;
  /** Relations expanded in each event's record. */
  expand?: string;
  /** Fields kept in each event's record. */
  fields?: string;
  /** Other `@request.query` values the rules read: an unlisted record's link (ADR 062). */
  query?: Record<string, string>;
}

/** A record change, or a resync after events may have been missed. */
export type LiveEvent =
  { kind: "record"; collection: string; action: string; record: ApiRecord } | { kind: "resync" };

/** Options of {@link useLiveRecords}. */
export interface LiveRecordsOptions {
  /** What to subscribe to; an empty list subscribes to nothing. */
  topics: readonly LiveTopic[];
  /**
   * Sees each coalesced batch first; return `false` to skip revalidating the route's data
   * (an editor watching its record, a page showing a deleted record's notice).
   */
  onEvents?: (events: LiveEvent[]) => boolean;
  /** Off when false (e.g. nothing to watch yet). Defaults to true. */
  enabled?: boolean;
}

/** Quiet time after the last event of a burst, and the longest wait for a refetch (ms). */
const COALESCE = { wait: 300, maxWait: 2000 } as const;

/** Whether this browser can hold a realtime stream. */
function realtimeAvailable(): boolean {
  return typeof window !== "undefined" && typeof window.EventSource === "function";
}

function sessionReducer(state: { status: LiveStatus }, status: LiveStatus): { status: LiveStatus } {
  return state.status === status ? state : { status };
}

/**
 * Keeps the current route's data live; returns the connection status for the indicator
 * (`off` on the server, before hydration, and where realtime is unavailable).
 *
 * @example
 * const live = useLiveRecords({ topics: [{ collection: "posts", topic: "*", expand: "author" }] });
 * return <LiveIndicator status={live.status} />;
 */
export function useLiveRecords(options: LiveRecordsOptions): { status: LiveStatus } {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  const onEvents = useRef(options.onEvents);
  // The latest callbacks, without resubscribing when they change.
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
    onEvents.current = options.onEvents;
  });
  const [state, setStatus] = useReducer(sessionReducer, { status: "off" });
  const enabled = options.enabled !== false && options.topics.length > 0;
  const key = JSON.stringify(options.topics);

  useEffect(() => {
    if (!enabled || !realtimeAvailable()) return;
    const topics = JSON.parse(key) as LiveTopic[];
    const api = getBrowserClient();
    let session = INITIAL_SESSION;
    let unsubscribers: (() => Promise<void>)[] = [];
    let active = false;
    let generation = 0;

    const batches = createCoalescer<LiveEvent>((events) => {
      if (onEvents.current?.(events) === false) return;
      void revalidate.current();
    }, COALESCE);

    const signal = (what: LiveSignal) => {
      const next = nextSession(session, what);
      session = next.state;
      setStatus(session.status);
      if (next.refetch) batches.push({ kind: "resync" });
    };

    const stop = () => {
      generation += 1;
      if (!active) return;
      active = false;
      const leaving = unsubscribers;
      unsubscribers = [];
      for (const unsubscribe of leaving) void unsubscribe().catch(() => undefined);
    };

    const start = () => {
      if (active) return;
      active = true;
      const mine = ++generation;
      signal("start");
      const subscriptions = [
        subscribeConnect(api, () => {
          if (mine !== generation) return;
          signal("connect");
          // The change that woke a guest's page (before hydration) is not replayed: fetch.
          if (window.__cahierLiveMissed) {
            window.__cahierLiveMissed = undefined;
            batches.push({ kind: "resync" });
          }
        }),
        ...topics.map((t) =>
          subscribeRecords(
            api,
            t.collection,
            t.topic,
            (event) => {
              if (mine !== generation) return;
              batches.push({
                kind: "record",
                collection: t.collection,
                action: event.action,
                record: event.record,
              });
            },
            { filter: t.filter, expand: t.expand, fields: t.fields, query: t.query },
          ),
        ),
      ];
      void Promise.allSettled(subscriptions).then((results) => {
        const done = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
        if (mine !== generation) {
          // Unmounted or paused while subscribing: let go of what arrived late.
          for (const unsubscribe of done) void unsubscribe().catch(() => undefined);
          return;
        }
        unsubscribers = done;
        if (done.length < results.length) signal("fail");
        else if (realtimeConnected(api) && session.status === "connecting") signal("connect");
      });
    };

    const stopListening = onRealtimeDisconnect(api, (stillWanted) => {
      if (active && stillWanted) signal("disconnect");
    });

    const onVisibility = () => {
      if (document.visibilityState === "hidden") {
        stop();
        batches.cancel();
        signal("pause");
      } else {
        start();
      }
    };
    document.addEventListener("visibilitychange", onVisibility);
    if (document.visibilityState === "hidden") signal("pause");
    else start();

    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      stopListening();
      batches.cancel();
      stop();
      setStatus("off");
    };
  }, [enabled, key]);

  return state;
}
