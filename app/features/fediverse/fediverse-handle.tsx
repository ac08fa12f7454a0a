/**
 * A writer's fediverse handle on their profile (ADR 071): `@username@host` as plain text a
 * reader can select (it works without any script), and a button that copies it, announced by
 * a notification. A guest's click before hydration is held and replayed (ADR 050).
 */
import { useNotify } from "../../components/notifications/notifications.tsx";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";

/** A writer's handle, with its copy button. */
export function FediverseHandle({ handle }: { handle: string }) {
  const { t } = useAppTranslation();
  const notify = useNotify();

  async function copy() {
    try {
      await navigator.clipboard.writeText(handle);
      notify.success(t("fediverse:handle.copied"));
    } catch {
      notify.error(t("listings:share.copyFailed", { url: handle }));
    }
  }

  return (
    <section aria-labelledby="fediverse-handle" className="mt-4 text-sm text-stone-700">
      <h2 id="fediverse-handle" className="font-semibold text-stone-900">
        {t("fediverse:handle.label")}
      </h2>
      <p className="mt-2 flex flex-wrap items-center gap-3">
        <code className="rounded bg-stone-100 px-2 py-1 text-stone-900 select-all [overflow-wrap:anywhere]">
          {handle}
        </code>
        <button type="button" className={buttonClass.secondary} onClick={() => void copy()}>
          {t("fediverse:handle.copy")}
        </button>
      </p>
    </section>
  );
}
