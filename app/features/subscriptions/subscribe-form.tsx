/**
 * The subscribe form of the blog, an author's profile and a public collection (ADR 065): a
 * labelled address field and a button for a guest; one button for a signed-in reader, who
 * subscribes their own address. A plain HTML `POST` to the page's action (no script of its
 * own), answered by a redirect back here with the outcome ("check your mailbox to confirm"),
 * so it works without JavaScript. The field and the messages are written here rather than
 * with the shared form controls: the reading pages it sits on load none of those modules,
 * and their JavaScript budget (tests/budgets) stays what the form itself needs.
 */
import { useActionData, useLocation } from "react-router";
import { useSession } from "../../components/session-provider.tsx";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { isSuperuser } from "../../api/auth/session.ts";
import type { SubscriptionTarget } from "../../api/subscriptions/subscriptions.ts";
import {
  isSubscribeActionData,
  SUBSCRIBE_ANCHOR,
  SUBSCRIBE_INTENT,
  subscribeOutcome,
} from "./subscribe-outcome.ts";

/** Props of {@link SubscribeForm}. */
export interface SubscribeFormProps {
  target: SubscriptionTarget;
  /** What is followed, for the heading: the blog, an author, a collection. */
  kind: "blog" | "author" | "collection";
  /** The author's or the collection's name (ignored for the blog). */
  name?: string;
}

/** The form-level message: a confirmation, or a refusal (announced when it appears). */
function Message(props: { kind: "status" | "alert"; text: string }) {
  return (
    <p
      role={props.kind}
      className={`mt-3 rounded border px-3 py-2 text-sm wrap-anywhere ${
        props.kind === "alert"
          ? "border-red-300 bg-red-50 text-red-900"
          : "border-green-300 bg-green-50 text-green-900"
      }`}
    >
      {props.text}
    </p>
  );
}

/** The subscribe form (see the module comment). */
export function SubscribeForm(props: SubscribeFormProps) {
  const { t } = useAppTranslation();
  const { user } = useSession();
  const location = useLocation();
  const answer: unknown = useActionData();
  const refused = isSubscribeActionData(answer) ? answer.subscribe : null;
  const outcome = refused ? null : subscribeOutcome(location.search);
  const emailError = refused?.emailError ?? "";
  // A superuser has no reader's address to subscribe with one click.
  const account = user && !isSuperuser(user) ? user : null;
  const headingId = `${SUBSCRIBE_ANCHOR}-heading`;
  return (
    <section
      id={SUBSCRIBE_ANCHOR}
      aria-labelledby={headingId}
      tabIndex={-1}
      className="my-6 rounded border border-stone-200 bg-white p-4 outline-none print:hidden"
    >
      <h2 id={headingId} className="font-serif text-lg font-semibold text-stone-900">
        {t(`subscriptions:form.heading.${props.kind}`, { name: props.name ?? "" })}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t("subscriptions:form.intro")}</p>
      {outcome && <Message kind="status" text={t(`subscriptions:form.outcome.${outcome}`)} />}
      {refused && <Message kind="alert" text={refused.message} />}
      <form
        method="post"
        action={`${location.pathname}${location.search}#${SUBSCRIBE_ANCHOR}`}
        className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <input type="hidden" name="intent" value={SUBSCRIBE_INTENT} />
        <input type="hidden" name="target" value={props.target} />
        {account ? (
          <>
            <input type="hidden" name="email" value={account.email} />
            <p className="text-sm text-stone-700 wrap-anywhere sm:flex-1">
              {t("subscriptions:form.asAccount", { email: account.email })}
            </p>
          </>
        ) : (
          <div className="sm:flex-1">
            <label
              htmlFor={`${SUBSCRIBE_ANCHOR}-email`}
              className="block text-sm font-semibold text-stone-900"
            >
              {t("subscriptions:form.email")}
            </label>
            <input
              id={`${SUBSCRIBE_ANCHOR}-email`}
              type="email"
              name="email"
              autoComplete="email"
              required
              defaultValue={refused?.email ?? ""}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${SUBSCRIBE_ANCHOR}-email-error` : undefined}
              className="mt-1 block w-full rounded border border-stone-400 bg-white px-3 py-2 text-stone-900 aria-invalid:border-red-700"
            />
            {emailError && (
              <p
                id={`${SUBSCRIBE_ANCHOR}-email-error`}
                className="mt-1 text-sm font-medium text-red-800"
              >
                {emailError}
              </p>
            )}
          </div>
        )}
        <button
          type="submit"
          className={emailError ? `${buttonClass.primary} sm:mb-7` : buttonClass.primary}
        >
          {t("subscriptions:form.submit")}
        </button>
      </form>
    </section>
  );
}
