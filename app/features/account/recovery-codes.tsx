/**
 * Recovery codes, shown once (after turning two-step verification on, or asking for new
 * ones): the list, a download as a text file, and "I have saved my codes" to close it. The
 * codes never come back from the server; once closed, only new ones can be asked for.
 */
import { useEffect, useId, useRef } from "react";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";

/** The text file of the codes: a line naming the account and the site, then one code a line. */
export function recoveryCodesFile(codes: readonly string[], intro: string): string {
  return `${intro}\n\n${codes.join("\n")}\n`;
}

/** The codes, their download and the button that closes them. */
export function RecoveryCodes(props: {
  codes: readonly string[];
  /** How the account is named in the file (its email or username). */
  account: string;
  onDone: () => void;
}) {
  const { t } = useAppTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  // Announced and read first: they appear in place of the form that asked for them.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  function download() {
    const site = window.location.host;
    const text = recoveryCodesFile(
      props.codes,
      t("security:recovery.fileIntro", { account: props.account, site }),
    );
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = t("security:recovery.fileName");
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked once the download has started.
    setTimeout(() => {
      URL.revokeObjectURL(url);
    }, 1000);
  }

  return (
    <div
      role="region"
      aria-labelledby={headingId}
      className="grid gap-3 rounded border border-amber-300 bg-amber-50 p-4"
    >
      <h3
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="font-serif text-xl font-semibold text-stone-900"
      >
        {t("security:recovery.heading")}
      </h3>
      <p className="text-sm text-stone-800">{t("security:recovery.intro")}</p>
      <ul
        aria-label={t("security:recovery.listLabel")}
        className="grid grid-cols-1 gap-1 font-mono text-base sm:grid-cols-2"
        data-testid="recovery-codes"
      >
        {props.codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 text-stone-900">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass.secondary} onClick={download}>
          {t("security:recovery.download")}
        </button>
        <button type="button" className={buttonClass.primary} onClick={props.onDone}>
          {t("security:recovery.done")}
        </button>
      </div>
    </div>
  );
}
