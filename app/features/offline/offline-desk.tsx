/**
 * The desk's offline part (`/writing`, issue 28 items 1–4): what this browser keeps for the
 * account. Offline, or while changes wait: the changes waiting to be sent (new or edited,
 * a refusal said), the edits that met another version on the server (open the record to
 * choose, or dismiss), and offline, the saved copies to read. And the app's install offer,
 * once. Nothing renders on the server: it is this browser's data.
 */
import { useId, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { QueuedFiles, removeQueuedFile } from "../../components/offline/queued-files.tsx";
import { useOfflineTranslation } from "../../lib/offline/messages.ts";
import { offlineStore } from "../../lib/offline/offline-db.ts";
import { paths } from "../../lib/paths.ts";
import { dismissInstall, promptInstall, useInstallOffer } from "./install-prompt.ts";
import { useOfflineData, useOnline } from "./use-offline.ts";

/** Nothing to subscribe to: only the server's and the browser's answers differ. */
const subscribeNothing = () => () => undefined;

/** The install offer: a button, and a way to say no for good. */
function InstallOffer() {
  const { t } = useOfflineTranslation();
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="install-offer">
      <button type="button" className={buttonClass.secondary} onClick={() => void promptInstall()}>
        {t("offline:install.offer")}
      </button>
      <button
        type="button"
        className="rounded px-3 py-2 text-sm text-stone-700 underline hover:bg-stone-100"
        aria-label={t("offline:install.dismissLabel")}
        onClick={dismissInstall}
      >
        {t("offline:install.dismiss")}
      </button>
    </div>
  );
}

/** The account's offline lists on the desk. */
export function OfflineDesk({ account }: { account: string }) {
  const { t } = useOfflineTranslation();
  const headingId = useId();
  const online = useOnline();
  const data = useOfflineData(account);
  const installable = useInstallOffer();
  // False on the server and while hydrating, true afterwards.
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  if (!hydrated) return null;
  const shown = !online || data.changes.length > 0 || data.conflicts.length > 0;
  const dismiss = (key: string) => {
    void offlineStore(account).then((store) => store.removeConflict(key));
  };
  return (
    <>
      {installable && <InstallOffer />}
      {shown && (
        <section
          aria-labelledby={headingId}
          data-testid="offline-desk"
          className="my-4 grid gap-4 rounded border border-stone-200 bg-white p-4"
        >
          <h2 id={headingId} className="font-serif text-xl font-semibold text-stone-900">
            {t("offline:desk.heading")}
          </h2>
          {!online && <p className="text-sm text-stone-700">{t("offline:desk.intro")}</p>}
          {data.conflicts.length > 0 && (
            <div className="grid gap-2">
              <h3 className="font-semibold text-stone-900">{t("offline:conflicts.heading")}</h3>
              <ul className="grid gap-3" data-testid="offline-conflicts">
                {data.conflicts.map((conflict) => (
                  <li key={conflict.key} className="rounded border border-amber-300 p-3 text-sm">
                    <p className="text-stone-800">
                      {t("offline:conflicts.body", { title: conflict.title })}
                    </p>
                    <div className="mt-2 flex flex-wrap gap-3">
                      {conflict.editPath && (
                        <Link
                          to={conflict.editPath}
                          className="font-semibold text-amber-900 underline"
                        >
                          {t("offline:conflicts.open", { title: conflict.title })}
                        </Link>
                      )}
                      <button
                        type="button"
                        className="text-stone-700 underline"
                        onClick={() => {
                          dismiss(conflict.key);
                        }}
                      >
                        {t("offline:conflicts.dismiss")}
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="grid gap-2">
            <h3 className="font-semibold text-stone-900">{t("offline:desk.waiting")}</h3>
            {data.changes.length === 0 ? (
              <p className="text-sm text-stone-700">{t("offline:desk.noWaiting")}</p>
            ) : (
              <ul className="grid gap-1 text-sm" data-testid="offline-waiting">
                {data.changes.map((change) => (
                  <li key={`${change.collection}/${change.id}`}>
                    <span className="font-medium text-stone-900">
                      {change.title || t("offline:desk.untitled")}
                    </span>{" "}
                    <span className="text-stone-700">
                      (
                      {change.op === "create"
                        ? t("offline:desk.created")
                        : t("offline:desk.edited")}
                      )
                    </span>
                    {change.error && <span className="block text-red-800">{change.error}</span>}
                    {change.files && (
                      <QueuedFiles
                        files={change.files}
                        onRemove={(key) => {
                          removeQueuedFile(account, `${change.collection}/${change.id}`, key);
                        }}
                      />
                    )}
                  </li>
                ))}
              </ul>
            )}
            <p>
              <Link
                to={paths.entryCreate()}
                className="text-sm font-semibold text-amber-900 underline"
              >
                {t("offline:desk.write")}
              </Link>
            </p>
          </div>
          {!online && (
            <div className="grid gap-2">
              <h3 className="font-semibold text-stone-900">{t("offline:desk.recent")}</h3>
              {data.pages.length === 0 ? (
                <p className="text-sm text-stone-700">{t("offline:desk.noRecent")}</p>
              ) : (
                <ul className="grid gap-1 text-sm" data-testid="offline-pages">
                  {data.pages.map((page) => (
                    <li key={page.url}>
                      <a href={page.url} className="text-amber-900 underline">
                        {page.title || page.url}
                      </a>{" "}
                      <span className="text-stone-700">· {t("offline:status.savedCopy")}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </section>
      )}
    </>
  );
}
