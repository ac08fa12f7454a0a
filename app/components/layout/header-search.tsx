/**
 * The header's search box (issue 14): a GET form to `/search?q=` that works without
 * JavaScript. With JavaScript, `/` focuses it from anywhere but a text field or editor, and
 * results come as you type (debounced, stale requests aborted) in a combobox popup: up to six
 * results, arrow keys to choose, Enter opens, Escape closes, the count announced politely,
 * and "See all results" leads to the search page.
 */
import { typingIn } from "../../lib/document/typing-in.ts";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { Search } from "lucide-react";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";
import {
  MAX_SEARCH_LENGTH,
  search,
  SEARCH_EXPAND,
  type SearchItem,
} from "../../api/search/search.ts";
import { isAbortedRequest } from "../../api/client/api-errors.ts";
import { searchItemHref, searchItemTitle } from "../../lib/records/search.ts";
import { SearchSnippet } from "../search/search-snippet.tsx";

/** Results shown as you type. */
export const SUGGESTIONS = 6;
/** Quiet time after a key before searching, in milliseconds. */
const DEBOUNCE_MS = 200;
/** Shortest query searched as you type (the API matches a last word as a prefix from 3). */
const MIN_LENGTH = 2;

type Suggestions =
  | { state: "idle" }
  | { state: "done"; q: string; items: SearchItem[] }
  | { state: "failed"; q: string };

/** The header's search form with its results as you type. */
export function HeaderSearch() {
  const { t } = useAppTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [q, setQ] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [found, setFound] = useState<Suggestions>({ state: "idle" });
  const listId = `${id}-list`;
  const statusId = `${id}-status`;

  // `/` focuses the box, unless the person is typing somewhere.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "/" || event.defaultPrevented) return;
      if (event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
      const input = inputRef.current;
      // Hidden in the closed small-screen menu: nothing to focus.
      if (!input || input.offsetParent === null) return;
      event.preventDefault();
      input.focus();
      input.select();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);

  // A navigation closes the popup.
  const [path, setPath] = useState(location.pathname + location.search);
  if (path !== location.pathname + location.search) {
    setPath(location.pathname + location.search);
    setOpen(false);
  }

  // Results as you type: one request per pause, the previous one aborted.
  const query = q.trim();
  useEffect(() => {
    if (query.length < MIN_LENGTH || Array.from(query).length > MAX_SEARCH_LENGTH) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search(
        getBrowserClient(),
        { q, perPage: SUGGESTIONS, skipTotal: 1, expand: SEARCH_EXPAND },
        controller.signal,
      )
        .then((answer) => {
          setFound({ state: "done", q: query, items: answer.items.slice(0, SUGGESTIONS) });
          setActive(-1);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          if (isAbortedRequest(error)) return;
          setFound({ state: "failed", q: query });
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, query]);

  // Too short a query shows nothing; otherwise the last answer stays until the next one.
  const shown: Suggestions = query.length < MIN_LENGTH ? { state: "idle" } : found;
  const items = shown.state === "done" ? shown.items : [];
  const expanded = open && shown.state !== "idle";
  // The listbox is open when it shows options (its "no results" text is only a status).
  const listOpen = expanded && items.length > 0;
  const optionId = (index: number) => `${id}-option-${String(index)}`;

  const go = (item: SearchItem) => {
    setOpen(false);
    void navigate(searchItemHref(item));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        // Keeps the header's own Escape (closing the small-screen menu) for a second press.
        event.nativeEvent.stopImmediatePropagation();
        setOpen(false);
        setActive(-1);
      }
      return;
    }
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (items.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => {
        if (!expanded || current === -1) return step === 1 ? 0 : items.length - 1;
        return (current + step + items.length) % items.length;
      });
      return;
    }
    if (event.key === "Enter" && expanded) {
      const item = items[active];
      if (item) {
        event.preventDefault();
        go(item);
      }
    }
  };

  const countText =
    shown.state === "failed"
      ? t("search:box.failed")
      : shown.state === "done"
        ? items.length === 0
          ? t("search:box.none")
          : t("search:box.results", { count: items.length })
        : "";

  return (
    <Form
      method="get"
      action={paths.search()}
      role="search"
      aria-label={t("search:box.label")}
      className="relative w-full lg:w-52 xl:w-40"
      onSubmit={() => {
        setOpen(false);
      }}
    >
      <label htmlFor={`${id}-q`} className="sr-only">
        {t("search:box.label")}
      </label>
      <div className="flex items-center gap-1">
        <input
          ref={inputRef}
          id={`${id}-q`}
          name="q"
          type="search"
          required
          maxLength={MAX_SEARCH_LENGTH}
          value={q}
          placeholder={t("search:box.placeholder")}
          title={t("search:box.shortcut")}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={listOpen}
          aria-controls={listId}
          aria-activedescendant={listOpen && active >= 0 ? optionId(active) : undefined}
          aria-describedby={statusId}
          className="min-w-0 flex-1 rounded border border-stone-400 bg-white px-3 py-1.5 text-sm text-stone-900"
          onChange={(event) => {
            setQ(event.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            setOpen(true);
          }}
          onBlur={() => {
            setOpen(false);
          }}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          aria-label={t("search:box.submit")}
          className="rounded p-2 text-stone-800 hover:bg-stone-100"
        >
          <Search aria-hidden="true" className="size-4" />
        </button>
      </div>
      <p id={statusId} role="status" aria-live="polite" className="sr-only">
        {expanded ? countText : ""}
      </p>
      <div
        className={`${expanded ? "block" : "hidden"} absolute right-0 z-30 mt-1 w-full rounded border border-stone-300 bg-white shadow-lg lg:w-96`}
      >
        <ul
          id={listId}
          role="listbox"
          aria-label={t("search:box.label")}
          hidden={items.length === 0}
        >
          {items.map((item, index) => (
            <li
              key={`${item.collectionName}-${item.id}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={`cursor-pointer border-b border-stone-100 px-3 py-2 text-sm ${index === active ? "bg-amber-50" : "hover:bg-stone-50"}`}
              // Keeps the focus in the box (a blur would close the popup before the click).
              onMouseDown={(event) => {
                event.preventDefault();
              }}
              onClick={() => {
                go(item);
              }}
              // Options are chosen from the box (aria-activedescendant); never focused themselves.
              onKeyDown={(event) => {
                if (event.key === "Enter") go(item);
              }}
            >
              <span className="flex items-baseline justify-between gap-2">
                <span className="min-w-0 font-semibold text-stone-900 [overflow-wrap:anywhere]">
                  {searchItemTitle(item) || t("search:page.untitled")}
                </span>
                <span className="shrink-0 text-xs text-stone-700">
                  {t(`search:page.kind.${item.collectionName}`)}
                </span>
              </span>
              <SearchSnippet
                snippet={item.snippet}
                className="line-clamp-2 text-stone-700 [overflow-wrap:anywhere]"
              />
            </li>
          ))}
        </ul>
        {shown.state !== "done" || items.length === 0 ? (
          <p className="px-3 py-2 text-sm text-stone-700">{countText}</p>
        ) : null}
        <Link
          to={paths.search({ q: query })}
          className="block px-3 py-2 text-sm font-semibold text-amber-900 underline underline-offset-4"
          onMouseDown={(event) => {
            event.preventDefault();
          }}
        >
          {t("search:box.seeAll", { q: query })}
        </Link>
      </div>
    </Form>
  );
}
