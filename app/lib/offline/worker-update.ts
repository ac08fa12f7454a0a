/**
 * A new build's service worker takes over at the next navigation (issue 28 item 6, ADR 072):
 * it installs beside the running one and waits; when the page navigates (the editor's leave
 * guard has had its say by then), it is told to take over, and the navigation loads a new
 * document under it. Nothing happens for a page no worker controls (every guest's).
 */
import type { ToWorker } from "./sw-protocol.ts";

/** Longest wait for the new worker to take over before navigating anyway. */
const TAKE_OVER_TIMEOUT_MS = 3000;

/** Lets a waiting worker take over; answers whether one did (then load a new document). */
export async function takeOverIfWaiting(): Promise<boolean> {
  if (!("serviceWorker" in navigator) || !navigator.serviceWorker.controller) return false;
  const waiting = (await navigator.serviceWorker.getRegistration())?.waiting;
  if (!waiting) return false;
  await new Promise<void>((resolve) => {
    const timer = window.setTimeout(resolve, TAKE_OVER_TIMEOUT_MS);
    navigator.serviceWorker.addEventListener(
      "controllerchange",
      () => {
        window.clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
    waiting.postMessage({ type: "skip-waiting" } satisfies ToWorker);
  });
  return true;
}

/**
 * Whether a navigation must load a document rather than data: offline under a worker (it
 * answers documents from its cache; React Router's data requests would fail).
 */
export function offlineUnderWorker(): boolean {
  return !navigator.onLine && "serviceWorker" in navigator && !!navigator.serviceWorker.controller;
}

/** Whether a navigation must load a new document (`setDocumentGate` in build-awareness). */
export async function navigatesAsDocument(): Promise<boolean> {
  return offlineUnderWorker() || (await takeOverIfWaiting());
}
