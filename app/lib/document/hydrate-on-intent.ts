/**
 * Hydration on intent for guests' reading pages (ADR 050, amended 2026-11-28). A reading page
 * (its route's `handle` says so, {@link IntentHandle}) reads fully without JavaScript, so for
 * a guest its modules are fetched, and the page hydrated, only once the reader shows an intent
 * to use it: a pointer over the page, a press, a touch, a key or a focus. Until then the
 * reader's CPU is the page's alone (hydrating React cost a phone more main thread than
 * everything else the page does).
 *
 * `HOLD_INPUT_SCRIPT` runs first in the route-modules script: it holds what the page
 * cannot do yet (a button's click, a form its script submits) and lets through what works
 * without JavaScript (links, a `GET` form with an `action`: the search box); `/` focuses the
 * search box at once. `releaseHeldInput` (called once the root has hydrated) tells React of
 * the text typed meanwhile (an `input` event per changed field) and replays what was held, in
 * order, on the hydrated page.
 */
import { LOCALE_STORAGE_KEY } from "#shared/i18n/locales.ts";
// A browser that holds a sign-in under this key is a signed-in reader the server did not
// recognise (no session cookie): the app must start at once to refresh or end it (ADR 048).
import { AUTH_STORAGE_KEY } from "../../api/client/auth-storage.ts";
import { REALTIME_PATH } from "../../api/realtime/realtime-path.ts";

/** The attribute of `<html>` that asks for hydration on intent (guests' pages). */
export const HYDRATE_ON_INTENT_ATTRIBUTE = "data-hydrate";

/** Its value. */
export const HYDRATE_ON_INTENT = "intent";

/**
 * What a page route's `handle` says of hydration on intent: `true` for a reading page, or a
 * test of the page's query string (the login page waits only when no emailed link's token
 * asks it to act at once). Pages without it hydrate after the first paint.
 */
export interface IntentHandle {
  hydrateOnIntent?: boolean | ((search: string) => boolean);
  /**
   * A live page's collection (`posts` on the blog): before the reader's first intent, a
   * bare realtime stream watches it and hydrates the page at the first change, so a reader
   * who only reads sees a new post announced (issue 25 item 7). See {@link LIVE_ATTRIBUTE}.
   */
  liveBeforeIntent?: string;
}

/** The attribute of `<html>` naming the collection a page on intent watches before hydrating. */
export const LIVE_ATTRIBUTE = "data-live";

/**
 * How long after the page's `load` the stream opens: the reader has a page that is still
 * and quiet first (a stream open from the start would keep the network busy in the
 * measurements of a page's load, Lighthouse's included), and a post published while they
 * read still shows.
 */
export const LIVE_DELAY_MS = 5000;

/** The collection a page on intent watches before hydrating (its routes' `liveBeforeIntent`). */
export function liveBeforeIntent(handles: readonly unknown[]): string | undefined {
  for (const handle of handles) {
    const live = (handle as IntentHandle | undefined)?.liveBeforeIntent;
    if (live) return live;
  }
  return undefined;
}

/** Whether a page whose matched routes have `handles` hydrates on intent at `search`. */
export function hydratesOnIntent(handles: readonly unknown[], search: string): boolean {
  return handles.some((handle) => {
    const wish = (handle as IntentHandle | undefined)?.hydrateOnIntent;
    return typeof wish === "function" ? wish(search) : wish === true;
  });
}

/** The events that count as an intent to use the page. */
export const INTENT_EVENTS = ["pointerover", "pointerdown", "touchstart", "keydown", "focusin"];

declare global {
  interface Window {
    /** Set by the route-modules script: replays the input held before hydration. */
    __cahierRelease?: () => void;
    /**
     * Set by the route-modules script when a change of the watched collection started the
     * hydration: the page's live hook refetches once it is connected.
     */
    __cahierLiveMissed?: boolean;
  }
}

/** The script (a module script's body) that holds input until the page hydrates. */
export const HOLD_INPUT_SCRIPT = `const held = [];
const nativeForm = (form) => form.hasAttribute("action") && (form.getAttribute("method") ?? "get").toLowerCase() === "get";
const hold = (event) => {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;
  if (event.type === "submit") {
    if (nativeForm(target)) return;
    held.push(() => target.requestSubmit(event.submitter ?? undefined));
  } else {
    const control = target.closest("button, [role='button']");
    if (!control || control.closest("a[href]")) return;
    const form = control.closest("form");
    if (form && control.getAttribute("type") !== "button" && nativeForm(form)) return;
    held.push(() => control.click());
  }
  event.preventDefault();
  event.stopImmediatePropagation();
};
const slash = (event) => {
  const target = event.target;
  const editing = target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  if (event.key !== "/" || editing || event.ctrlKey || event.metaKey || event.altKey) return;
  const box = document.querySelector("header form[role='search'] input");
  // Hidden in the closed small-screen menu: nothing to focus (as once hydrated).
  if (box && box.offsetParent !== null) { event.preventDefault(); box.focus(); }
};
addEventListener("click", hold, true);
addEventListener("submit", hold, true);
addEventListener("keydown", slash, true);
window.__cahierRelease = () => {
  window.__cahierRelease = undefined;
  removeEventListener("click", hold, true);
  removeEventListener("submit", hold, true);
  removeEventListener("keydown", slash, true);
  // Text typed before hydration: React learns of it as if typed now (its onChange runs).
  for (const field of document.querySelectorAll("input, textarea")) {
    const typed = field.type !== "checkbox" && field.type !== "radio" && field.type !== "file" && field.type !== "hidden";
    if (!typed || field.value === field.defaultValue) continue;
    // React tracks the value it last saw: give it the server's, put the typed text back
    // through the element's own setter, then announce the change.
    const text = field.value;
    const own = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value");
    field.value = field.defaultValue;
    own.set.call(field, text);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
  for (const replay of held.splice(0)) replay();
};`;

/**
 * The script (a module script's body) that waits for an intent on a guest's page, unless the
 * app must start at once: this browser holds a sign-in, or a saved language other than the
 * page's (applied at app start, spec §3).
 */
export const WAIT_FOR_INTENT_SCRIPT = `const startNow = (() => {
  try {
    const auth = JSON.parse(localStorage.getItem(${JSON.stringify(AUTH_STORAGE_KEY)}) ?? "null");
    const language = localStorage.getItem(${JSON.stringify(LOCALE_STORAGE_KEY)});
    return Boolean(auth?.token) || (language !== null && language !== document.documentElement.lang);
  } catch {
    return false;
  }
})();
if (!startNow && document.documentElement.getAttribute(${JSON.stringify(HYDRATE_ON_INTENT_ATTRIBUTE)}) === ${JSON.stringify(HYDRATE_ON_INTENT)}) {
  await new Promise((go) => {
    const kinds = ${JSON.stringify(INTENT_EVENTS)};
    const live = document.documentElement.getAttribute(${JSON.stringify(LIVE_ATTRIBUTE)});
    let stream = null;
    let opening;
    let started = false;
    const start = () => {
      started = true;
      for (const kind of kinds) removeEventListener(kind, start, true);
      clearTimeout(opening);
      stream?.close();
      go();
    };
    for (const kind of kinds) addEventListener(kind, start, { capture: true, passive: true });
    if (!live || typeof EventSource !== "function") return;
    const watch = () => {
      if (started) return;
      stream = new EventSource(${JSON.stringify(REALTIME_PATH)});
      stream.addEventListener("PB_CONNECT", (event) => {
        const { clientId } = JSON.parse(event.data);
        fetch(${JSON.stringify(REALTIME_PATH)}, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ clientId, subscriptions: [live + "/*"] }),
        }).catch(() => stream?.close());
      });
      stream.addEventListener(live + "/*", () => {
        window.__cahierLiveMissed = true;
        start();
      });
    };
    // An intent before \`load\` hydrates the page: the stream then never opens.
    const later = () => { if (!started) opening = setTimeout(watch, ${LIVE_DELAY_MS}); };
    if (document.readyState === "complete") later();
    else addEventListener("load", later, { once: true });
  });
}`;

/** Replays the input held before hydration (once; later calls do nothing). */
export function releaseHeldInput(): void {
  window.__cahierRelease?.();
}

/**
 * The script that, on a page whose inline stylesheet was pruned to its own markup (it opens
 * with `/*pruned:<address of the full one>*\/`, `pruned-styles.server.ts`), loads the full
 * stylesheet: once the page hydrates, React may render what the pruned one does not style.
 */
export const FULL_STYLES_SCRIPT = `const fullStyles = /^\\/\\*pruned:([^*]+)\\*\\//.exec(document.getElementById("app-styles")?.textContent ?? "")?.[1];
const styled = fullStyles
  ? new Promise((go) => {
      const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: fullStyles });
      link.addEventListener("load", go);
      link.addEventListener("error", go);
      document.head.append(link);
    })
  : null;`;

/** Waits for the full stylesheet {@link FULL_STYLES_SCRIPT} loads, if it loads one. */
export const WAIT_FOR_STYLES_SCRIPT = "await styled;";
