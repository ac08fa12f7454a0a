/**
 * A browser event that says the account's devices changed (ADR 053): the password form signs
 * the other devices out after a change, and the devices list of the same page reads them again.
 * Features never import each other (ADR 039), so they meet here.
 */

const EVENT = "cahier:devices-changed";

/** Tells the page that the account's devices changed. */
export function announceDevicesChanged(): void {
  window.dispatchEvent(new Event(EVENT));
}

/** Calls `listener` whenever the devices change; returns the unsubscribe function. */
export function onDevicesChanged(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => {
    window.removeEventListener(EVENT, listener);
  };
}
