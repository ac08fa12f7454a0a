/**
 * A draft's (or a scheduled post's) private preview link in its editor (issue 25): make one,
 * copy it, stop it. Anyone with the link reads the post without an account until it is
 * stopped; a new link replaces the old one. The secret comes from the server
 * (`/api/posts/{id}/preview`); the link is the post's page with `?preview=<secret>`.
 */
import { useState } from "react";
import { getBrowserClient } from "../../../api/client/browser-client.ts";
import { makePreviewLink, stopPreviewLink } from "../../../api/records/post-preview.ts";
import { useNotify } from "../../../components/notifications/notifications.tsx";
import { buttonClass } from "../../../components/ui/button-link.tsx";
import { useCopyLink } from "../../../components/ui/use-copy-link.ts";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import { paths } from "../../../lib/paths.ts";

/** The panel of the post `postId` at `/post/{username}/{slug}`. */
export function PreviewLink(props: {
  postId: string;
  username: string;
  slug: string;
  /** The stored secret (`""`: no link). */
  token: string;
}) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const [token, setToken] = useState(props.token);
  const [busy, setBusy] = useState(false);
  const path = `${paths.post(props.username, props.slug)}?preview=${token}`;
  const link = typeof window === "undefined" ? path : new URL(path, window.location.origin).href;

  async function change(make: boolean) {
    setBusy(true);
    try {
      const api = getBrowserClient();
      if (make) setToken(await makePreviewLink(api, props.postId));
      else {
        await stopPreviewLink(api, props.postId);
        setToken("");
        notify.info(t("editor:preview.stopped"));
      }
    } catch {
      notify.error(t("editor:preview.failed"));
    } finally {
      setBusy(false);
    }
  }

  const copyLink = useCopyLink();

  return (
    <section
      aria-labelledby={`${props.postId}-preview`}
      className="grid gap-3 rounded border border-stone-200 bg-white p-4"
      data-testid="preview-link"
    >
      <h2 id={`${props.postId}-preview`} className="font-semibold text-stone-900">
        {t("editor:preview.heading")}
      </h2>
      <p className="text-sm text-stone-700">{t("editor:preview.intro")}</p>
      {token && (
        <label className="grid gap-1 text-sm font-semibold text-stone-900">
          {t("editor:preview.label")}
          <input
            readOnly
            value={link}
            className="rounded border border-stone-400 bg-stone-50 px-3 py-2 font-mono text-sm font-normal"
            onFocus={(event) => {
              event.currentTarget.select();
            }}
          />
        </label>
      )}
      <div className="flex flex-wrap gap-3">
        {token && (
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => void copyLink(link)}
          >
            {t("listings:share.copy")}
          </button>
        )}
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={busy}
          onClick={() => void change(true)}
        >
          {token ? t("editor:preview.renew") : t("editor:preview.make")}
        </button>
        {token && (
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={busy}
            onClick={() => void change(false)}
          >
            {t("editor:preview.stop")}
          </button>
        )}
      </div>
    </section>
  );
}
