/**
 * The versions of one record for the history dialog, loaded through the browser's API client
 * a page at a time (newest first). Loads start from the writer's actions (opening the
 * history, "Show older versions"), never from rendering.
 */
import { useRef, useState } from "react";
import { getBrowserClient } from "../../../api/client/browser-client.ts";
import {
  fetchRevisions,
  type HistoryCollection,
  type RevisionRecord,
} from "../../../api/records/revisions.ts";

/** What {@link useRevisions} returns. */
export interface Revisions {
  status: "idle" | "loading" | "ready" | "error";
  /** The versions shown, newest first. */
  versions: RevisionRecord[];
  /** The version before the oldest shown, when fetched (what that one changed). */
  older: RevisionRecord | null;
  /** How many versions the record has. */
  total: number;
  /** Whether older versions remain. */
  more: boolean;
  /** Whether older versions are being loaded. */
  loadingMore: boolean;
  /** Whether loading older versions failed. */
  moreFailed: boolean;
  /** Loads the newest versions again (opening the history). */
  reload: () => void;
  /** Loads the next older page. */
  loadMore: () => void;
}

/** The history of `recordId`. */
export function useRevisions(collection: HistoryCollection, recordId: string): Revisions {
  const [status, setStatus] = useState<Revisions["status"]>("idle");
  // Every version fetched, newest first; the last is a look-ahead when `more`.
  const [fetched, setFetched] = useState<RevisionRecord[]>([]);
  const [more, setMore] = useState(false);
  const [total, setTotal] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  // Answers of an older load are dropped once a newer one started.
  const generation = useRef(0);

  const shown = more ? fetched.slice(0, -1) : fetched;

  function reload() {
    const current = ++generation.current;
    setStatus("loading");
    setMoreFailed(false);
    fetchRevisions(getBrowserClient(), collection, recordId, null).then(
      (page) => {
        if (current !== generation.current) return;
        setFetched(page.items);
        setMore(page.more);
        setTotal(page.total ?? page.items.length);
        setStatus("ready");
      },
      () => {
        if (current === generation.current) setStatus("error");
      },
    );
  }

  function loadMore() {
    const last = shown.at(-1);
    if (!more || !last || loadingMore) return;
    const current = generation.current;
    setLoadingMore(true);
    setMoreFailed(false);
    fetchRevisions(getBrowserClient(), collection, recordId, last.version)
      .then(
        (page) => {
          if (current !== generation.current) return;
          setFetched([...shown, ...page.items]);
          setMore(page.more);
        },
        () => {
          if (current === generation.current) setMoreFailed(true);
        },
      )
      .finally(() => {
        setLoadingMore(false);
      });
  }

  return {
    status,
    versions: shown,
    older: more ? (fetched.at(-1) ?? null) : null,
    total,
    more,
    loadingMore,
    moreFailed,
    reload,
    loadMore,
  };
}
