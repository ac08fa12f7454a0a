/**
 * What `/signUp` shows once the API took a sign-up (ADR 061, issue 25 item 5): "check your
 * mailbox", word for word the same whether the address was free (a new account, mailed the
 * link that confirms its address) or had an account (its owner mailed a notice instead), so
 * the page tells no visitor which addresses have accounts. Nobody is signed in: the mailed link
 * opens the login page, which confirms the address and signs the account in with its password.
 */
import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";

/** "Check your mailbox" for the sign-up of `email`. */
export function SignUpSent({ email }: { email: string }) {
  const { t } = useAppTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  // The form, and the button that had the focus, are gone: the focus moves to what replaced
  // them, so a screen reader reads it and the keyboard carries on from there.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 rounded border border-stone-200 bg-white p-6"
    >
      <h2
        ref={heading}
        id={headingId}
        tabIndex={-1}
        className="font-serif text-2xl font-bold text-stone-900 focus:outline-none"
      >
        {t("auth:signUp.sent.title")}
      </h2>
      <p className="wrap-anywhere text-stone-800">{t("auth:signUp.sent.message", { email })}</p>
      <p className="text-sm text-stone-700">{t("auth:signUp.sent.hint")}</p>
      <p>
        <Link to={paths.login()} className="font-semibold underline underline-offset-4">
          {t("auth:signUp.loginLink")}
        </Link>
      </p>
    </section>
  );
}
