/**
 * The offline mode of a signed-in account (issue 28, ADR 072), loaded by the document only
 * once hydrated and only for a signed-in person (`root.tsx`, lazily: no guest page loads
 * it). It registers the account's service worker, sends the outbox (now, when the
 * connection returns, with backoff), remembers the pages opened (the last N, for reading
 * offline) and shows the status.
 */
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { offlineStore } from "../../lib/offline/offline-db.ts";
import { startOutboxSender } from "../../lib/offline/outbox-sender.ts";
import { navigatesAsDocument } from "../../lib/offline/worker-update.ts";
import { setDocumentGate } from "../../lib/browser/build-awareness.ts";
import { isKeptPath } from "../../lib/offline/sw-protocol.ts";
import { listenForInstallPrompt } from "./install-prompt.ts";
import { OfflineStatus } from "./offline-status.tsx";
import { keepPages, registerServiceWorker, servedFromCache } from "./service-worker.ts";
import { useOfflineData, useOnline } from "./use-offline.ts";

/** Waits for the page's title (set by React after a navigation) before remembering it. */
const TITLE_DELAY_MS = 300;

/** Registers the worker, sends the outbox and remembers each page opened. */
export default function OfflineMode({ account }: { account: string }) {
  const online = useOnline();
  const { changes } = useOfflineData(account);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const location = useLocation();
  const url = `${location.pathname}${location.search}`;
  const firstPage = useRef(true);
  // A first page no worker answered is not kept yet: the worker fetches it.
  const [uncontrolled] = useState(
    () => "serviceWorker" in navigator && !navigator.serviceWorker.controller,
  );

  useEffect(listenForInstallPrompt, []);
  useEffect(() => {
    setDocumentGate(navigatesAsDocument);
    return () => {
      setDocumentGate(undefined);
    };
  }, []);
  useEffect(() => {
    registerServiceWorker(account)
      .then(async (registration) => {
        if (!registration) return;
        await navigator.serviceWorker.ready;
        setSavedAt(await servedFromCache());
      })
      .catch((error: unknown) => {
        console.error("registering the service worker failed", error);
      });
    return startOutboxSender(account, getBrowserClient);
  }, [account]);

  useEffect(() => {
    // A document load was stored by the worker itself; a page opened inside the app is
    // fetched by the worker to be kept.
    const opened = firstPage.current && !uncontrolled ? null : url;
    firstPage.current = false;
    if (!isKeptPath(location.pathname)) return;
    const timer = window.setTimeout(() => {
      void (async () => {
        try {
          const store = await offlineStore(account);
          const kept = await store.rememberPage({ url, title: document.title, at: Date.now() });
          keepPages(
            kept.map((page) => page.url),
            navigator.onLine ? opened : null,
          );
        } catch (error) {
          console.error("remembering the page failed", error);
        }
      })();
    }, TITLE_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [account, url, location.pathname, uncontrolled]);

  return <OfflineStatus online={online} waiting={changes.length} savedAt={savedAt} />;
}
