/**
 * The page's side of the service worker (issue 28 items 1, 4 and 6, ADR 072): registered
 * for the signed-in account only (this module loads for no guest), told which pages to keep,
 * and asked whether the page was answered from its cache (a saved copy).
 */
import {
  isFromWorker,
  isKeptPath,
  serviceWorkerUrl,
  SHELL_PAGES,
  workerAccount,
  type ToWorker,
} from "../../lib/offline/sw-protocol.ts";

/** Whether this browser can run the worker (a secure context with service workers). */
export function workersAvailable(): boolean {
  return "serviceWorker" in navigator && window.isSecureContext;
}

/**
 * Registers the account's worker (its address names the account); another account's worker
 * left behind (a session that ended without signing out) is removed first.
 */
export async function registerServiceWorker(
  account: string,
): Promise<ServiceWorkerRegistration | null> {
  if (!workersAvailable()) return null;
  const container = navigator.serviceWorker;
  const existing = await container.getRegistration("/");
  const worker = existing?.active ?? existing?.waiting ?? existing?.installing;
  if (existing && worker && workerAccount(worker.scriptURL) !== account)
    await existing.unregister();
  return container.register(serviceWorkerUrl(account), { scope: "/", updateViaCache: "none" });
}

/** Posts to the active worker (once there is one: the first visit waits for its install). */
function post(message: ToWorker): void {
  void navigator.serviceWorker.ready.then((registration) => {
    registration.active?.postMessage(message);
  });
}

/**
 * Tells the worker the pages to keep (the account's last N, the desk and the editor), and
 * to fetch the page just opened when it came without a document load.
 */
export function keepPages(urls: readonly string[], opened: string | null): void {
  if (!workersAvailable()) return;
  post({
    type: "keep",
    urls: [...new Set([...SHELL_PAGES, ...urls])],
    fetch: [...SHELL_PAGES],
    refresh: opened && isKeptPath(new URL(opened, window.location.origin).pathname) ? [opened] : [],
  });
}

/** When this page's copy was saved, if the worker answered it from its cache (else null). */
export function servedFromCache(): Promise<number | null> {
  const controller = workersAvailable() ? navigator.serviceWorker.controller : null;
  if (!controller) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => {
      done(null);
    }, 2000);
    const listener = (event: MessageEvent) => {
      if (isFromWorker(event.data)) done(event.data.savedAt);
    };
    const done = (value: number | null) => {
      window.clearTimeout(timer);
      navigator.serviceWorker.removeEventListener("message", listener);
      resolve(value);
    };
    navigator.serviceWorker.addEventListener("message", listener);
    controller.postMessage({ type: "served?" } satisfies ToWorker);
  });
}
