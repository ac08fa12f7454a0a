/**
 * The offline mode's entry (ADR 072): a module importing nothing of its own, so the root's
 * lazy import of it names one chunk, not the offline mode's every dependency (bytes every
 * guest page would carry); the mode itself loads from here.
 */
import type { i18n } from "i18next";
import { lazy, Suspense } from "react";

const OfflineMode = lazy(() => import("./offline-mode.tsx"));

/** The offline mode of the signed-in `account`. */
export default function OfflineEntry({ account }: { account: string }) {
  return (
    <Suspense fallback={null}>
      <OfflineMode account={account} />
    </Suspense>
  );
}

/**
 * Whether a sign-out may go on, and what to run once signed out (the root's sign-out hook,
 * `setBeforeSignOut`): the person is asked when changes still wait, then every cache,
 * offline database and service worker of the site is deleted.
 */
export async function signOutCleanUp(account: string, instance: i18n) {
  const { confirmSignOut, wipeOfflineData } = await import("../../lib/offline/wipe.ts");
  return (await confirmSignOut(account, instance)) ? wipeOfflineData : false;
}
