/**
 * The visible side of live pages: a discreet "Live" dot while the page is subscribed, the
 * "3 new posts — Show" notice that holds new items above a list so it does not move under the
 * reader, and the notice of an open record that was deleted or is no longer shared. Changes
 * are announced politely to screen readers.
 */
import { useId, useState } from "react";
import { Link } from "react-router";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { buttonClass } from "../ui/button-link.tsx";
import type { LiveStatus } from "./live-session.ts";
import { holdNewItems } from "./new-items.ts";
import { postState, type PostStateFields } from "#shared/records/post-state.ts";
import { paths } from "../../lib/paths.ts";

/**
 * What an open record is while it is not public, said instead of "Live": a draft or a
 * scheduled post, a private or unlisted entry.
 */
export type RecordState = "draft" | "scheduled" | "private" | "unlisted";

/** The state a stored post shows instead of "Live": `undefined` once it is live. */
export function postRecordState(post: PostStateFields | undefined): RecordState | undefined {
  if (!post) return undefined;
  const state = postState(post);
  return state === "live" ? undefined : state;
}

/** The state a stored entry shows instead of "Live": `undefined` when it is public. */
export function entryRecordState(
  entry: { visibility: "private" | "unlisted" | "public" } | undefined,
): RecordState | undefined {
  return entry && entry.visibility !== "public" ? entry.visibility : undefined;
}

/**
 * The live dot: nothing while off; "Live" when subscribed; "Reconnecting…" when dropped.
 * With a `state` (a record readers cannot see yet, or not all of them), the pill names that
 * state at all times ("Draft", "Scheduled", "Private", "Unlisted") and the dot alone tells
 * the connection: a green "Live" next to a draft would read as "published".
 */
export function LiveIndicator({ status, state }: { status: LiveStatus; state?: RecordState }) {
  const { t } = useAppTranslation();
  const on = status === "live";
  const down = status === "reconnecting";
  const connection = on
    ? t("live:status.liveLabel")
    : down
      ? t("live:status.reconnectingLabel")
      : "";
  if (state) {
    const name = t(`live:state.${state}`);
    return (
      <span
        data-testid="live-status"
        data-status={status}
        data-state={state}
        className="inline-flex"
      >
        <span
          className="inline-flex items-center gap-1.5 rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-950"
          title={connection ? `${name}. ${connection}` : name}
        >
          {(on || down) && (
            <span
              aria-hidden
              className={`size-2 rounded-full ${on ? "bg-emerald-600" : "bg-stone-400"}`}
            />
          )}
          <span>{name}</span>
          {connection && <span className="sr-only">{` (${connection})`}</span>}
        </span>
      </span>
    );
  }
  return (
    // Not a live region: the dot is discreet; what changes on the page is announced instead.
    <span data-testid="live-status" data-status={status} className="inline-flex">
      {(on || down) && (
        <span
          className="inline-flex items-center gap-1.5 rounded-full border border-stone-300 bg-white px-2.5 py-0.5 text-xs font-medium text-stone-700"
          title={connection}
        >
          <span
            aria-hidden
            className={`size-2 rounded-full ${on ? "bg-emerald-600" : "bg-stone-400"}`}
          />
          <span aria-hidden>{on ? t("live:status.live") : t("live:status.reconnecting")}</span>
          <span className="sr-only">{connection}</span>
        </span>
      )}
    </span>
  );
}

/** What a held list shows, and how the reader brings the new items in. */
export interface HeldList<T> {
  shown: T[];
  held: T[];
  /** Shows the held items and moves focus to the list. */
  show: () => void;
  /** The id of the element wrapping the list (give it `tabIndex={-1}`): it takes focus on show. */
  listId: string;
}

/**
 * Holds items the reader has not seen yet (they arrived with a live refetch) until they ask
 * for them. `resetKey` names the list being read (its URL's query): a new one starts fresh.
 */
export function useHeldItems<T>(
  items: readonly T[],
  idOf: (item: T) => string,
  resetKey: string,
): HeldList<T> {
  const listId = useId();
  const [known, setKnown] = useState(() => ({
    key: resetKey,
    ids: new Set(items.map(idOf)),
  }));
  let current = known;
  if (known.key !== resetKey || (known.ids.size === 0 && items.length > 0)) {
    current = { key: resetKey, ids: new Set(items.map(idOf)) };
    setKnown(current);
  }
  const { shown, held } = holdNewItems(items, current.ids, idOf);
  return {
    shown,
    held,
    listId,
    show: () => {
      setKnown({ key: resetKey, ids: new Set(items.map(idOf)) });
      requestAnimationFrame(() => {
        document.getElementById(listId)?.focus();
      });
    },
  };
}

/** "3 new posts — Show" above a list, in a polite live region (empty when nothing is held). */
export function NewItemsNotice(props: {
  count: number;
  kind: "posts" | "entries" | "items";
  onShow: () => void;
}) {
  const { t } = useAppTranslation();
  return (
    // A polite live region that stays in the page (empty), so its first message is announced.
    <div aria-live="polite" data-testid="new-items">
      {props.count > 0 && (
        <p className="mb-4 flex flex-wrap items-center gap-3 rounded border border-amber-300 bg-amber-50 px-4 py-2 text-amber-950">
          <span>{t(`live:newItems.${props.kind}`, { count: props.count })}</span>
          <button type="button" className={buttonClass.secondary} onClick={props.onShow}>
            {t("live:newItems.show")}
          </button>
        </p>
      )}
    </div>
  );
}

/** Shown instead of an open entry or post once it was deleted or is no longer shared. */
export function RecordGone({ kind }: { kind: "entry" | "post" }) {
  const { t } = useAppTranslation();
  return (
    <section
      role="alert"
      data-testid="record-gone"
      className="mx-auto max-w-prose rounded border border-amber-300 bg-amber-50 p-6 text-amber-950"
    >
      <h1 className="font-serif text-2xl font-bold">
        {kind === "entry" ? t("live:record.goneEntry") : t("live:record.gonePost")}
      </h1>
      <p className="mt-2">{t("live:record.goneHint")}</p>
      <p className="mt-4">
        <Link
          to={kind === "entry" ? paths.archive() : paths.blog()}
          className="font-semibold underline underline-offset-4"
        >
          {kind === "entry" ? t("live:record.backToArchive") : t("live:record.backToBlog")}
        </Link>
      </p>
    </section>
  );
}
