/**
 * The offline mode's entry (ADR 072): a module importing nothing of its own, so the root's
 * lazy import of it names one chunk, not the offline mode's every dependency (bytes every
 * guest page would carry); the mode itself loads from here.
 */
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
