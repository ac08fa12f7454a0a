/**
 * Sign-out's clean-up (issue 28 item 5, ADR 072): every cache of the site (the pages kept
 * offline and the precached build), every offline database, and the service worker itself,
 * so the next person on this browser starts from nothing. `unsentChanges` counts what the
 * outbox still holds, for the warning asked before.
 */
import type { i18n } from "i18next";
import { addOfflineMessages } from "./messages.ts";
import { closeOfflineStores, OfflineStore } from "./offline-db.ts";
import { OFFLINE_PREFIX, offlineDatabaseName } from "./sw-protocol.ts";

/** Changes the account's outbox still holds (0 when it has no offline database). */
export async function unsentChanges(account: string): Promise<number> {
  if (typeof indexedDB === "undefined") return 0;
  try {
    const known = await indexedDB.databases();
    if (!known.some((db) => db.name === offlineDatabaseName(account))) return 0;
    const store = await OfflineStore.open(account);
    try {
      return await store.count();
    } finally {
      store.close();
    }
  } catch {
    return 0;
  }
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => {
      resolve();
    };
    request.onerror = () => {
      resolve();
    };
    // Another tab still holds it open: it closes on `versionchange` (offline-db.ts).
    request.onblocked = () => undefined;
  });
}

/**
 * Whether signing out may go on: yes when the account's outbox is empty, else as the person
 * answers the warning that its changes would be deleted.
 */
export async function confirmSignOut(account: string, instance: i18n): Promise<boolean> {
  const unsent = await unsentChanges(account);
  addOfflineMessages(instance);
  return unsent === 0 || window.confirm(instance.t("offline:signOut.confirm", { count: unsent }));
}

/** Deletes every cache, offline database and service worker of the site; never throws. */
export async function wipeOfflineData(): Promise<void> {
  try {
    await wipe();
  } catch (error) {
    console.error("clearing the offline data failed", error);
  }
}

async function wipe(): Promise<void> {
  await closeOfflineStores();
  const registrations =
    "serviceWorker" in navigator ? await navigator.serviceWorker.getRegistrations() : [];
  await Promise.all(registrations.map((registration) => registration.unregister()));
  if (typeof caches !== "undefined") {
    const names = await caches.keys();
    await Promise.all(names.map((name) => caches.delete(name)));
  }
  if (typeof indexedDB !== "undefined") {
    const databases = await indexedDB.databases().catch(() => []);
    await Promise.all(
      databases
        .map((db) => db.name)
        .filter((name): name is string => !!name && name.startsWith(OFFLINE_PREFIX))
        .map(deleteDatabase),
    );
  }
}
