/**
 * The browser's install prompt (issue 28 item 1, ADR 072): `beforeinstallprompt` is kept
 * when the browser offers it, and the desk shows one button for it, once: answered or
 * dismissed, it is never offered again in this browser (remembered in `localStorage`).
 */
import { useSyncExternalStore } from "react";

/** The event Chromium-based browsers fire when the site can be installed. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

/** `localStorage` key remembering that the offer was answered or dismissed. */
export const INSTALL_DISMISSED_KEY = "cahier:install-offered";

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function dismissedBefore(): boolean {
  try {
    return window.localStorage.getItem(INSTALL_DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

function remember(): void {
  try {
    window.localStorage.setItem(INSTALL_DISMISSED_KEY, new Date().toISOString());
  } catch {
    // Without storage the offer comes back at the next visit; nothing else to do.
  }
}

/** Starts listening for the browser's offer (once per page). */
export function listenForInstallPrompt(): () => void {
  const onPrompt = (event: Event) => {
    // Keep the browser from showing its own mini-bar: the desk offers it, once.
    event.preventDefault();
    if (dismissedBefore()) return;
    deferred = event as InstallPromptEvent;
    changed();
  };
  const onInstalled = () => {
    remember();
    deferred = null;
    changed();
  };
  window.addEventListener("beforeinstallprompt", onPrompt);
  window.addEventListener("appinstalled", onInstalled);
  return () => {
    window.removeEventListener("beforeinstallprompt", onPrompt);
    window.removeEventListener("appinstalled", onInstalled);
  };
}

/** Whether the install offer is there to show. */
export function useInstallOffer(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => deferred !== null,
    () => false,
  );
}

/** Shows the browser's install prompt; remembered whatever the answer. */
export async function promptInstall(): Promise<void> {
  const event = deferred;
  deferred = null;
  remember();
  changed();
  if (!event) return;
  await event.prompt();
  await event.userChoice.catch(() => undefined);
}

/** Refuses the offer for good in this browser. */
export function dismissInstall(): void {
  deferred = null;
  remember();
  changed();
}
