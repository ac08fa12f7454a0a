/**
 * The subscriptions of one address on `/subscriptions/manage` (ADR 065), one card each: what
 * it follows, its state and how often it mails; a form per change (how often, unsubscribe,
 * subscribe again) posting the link's token and the subscription's id to the page's action,
 * plain HTML forms that work without JavaScript.
 */
import { buttonClass } from "../../components/ui/button-link.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import {
  SUBSCRIPTION_FREQUENCIES,
  type ManagedSubscription,
} from "../../api/subscriptions/subscriptions.ts";
import { targetLabel } from "./target-label.ts";

/** What a manage form asks: a new frequency, to stop, or to start again. */
export const MANAGE_INTENTS = ["frequency", "unsubscribe", "resubscribe"] as const;

/** One of {@link MANAGE_INTENTS}. */
export type ManageIntent = (typeof MANAGE_INTENTS)[number];

/** The anchor of a subscription's card. */
export function managedAnchor(id: string): string {
  return `subscription-${id}`;
}

/** Hidden fields every manage form carries. */
function Hidden(props: { token: string; id: string; intent: ManageIntent }) {
  return (
    <>
      <input type="hidden" name="token" value={props.token} />
      <input type="hidden" name="id" value={props.id} />
      <input type="hidden" name="intent" value={props.intent} />
    </>
  );
}

/** The list of an address's subscriptions with their forms. */
export function ManagedList(props: { token: string; items: readonly ManagedSubscription[] }) {
  const { t } = useAppTranslation();
  if (props.items.length === 0)
    return <p className="text-stone-700">{t("subscriptions:manage.empty")}</p>;
  return (
    <ul className="grid gap-4">
      {props.items.map((item) => {
        const label = item.targetName || targetLabel(t, item.target, "");
        const active = item.status === "confirmed" || item.status === "pending";
        const frequencyId = `${managedAnchor(item.id)}-frequency`;
        return (
          <li
            key={item.id}
            id={managedAnchor(item.id)}
            className="rounded border border-stone-200 bg-white p-4"
          >
            <h2 className="font-serif text-lg font-semibold text-stone-900 wrap-anywhere">
              {label}
            </h2>
            <p className="mt-1 text-sm text-stone-700">
              {t(`subscriptions:status.${item.status}`)}
              {active && ` · ${t(`subscriptions:frequency.${item.frequency}`)}`}
            </p>
            {item.status === "suppressed" && (
              <p className="mt-2 text-sm text-stone-700">{t("subscriptions:manage.suppressed")}</p>
            )}
            <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
              {active && (
                <form method="post" className="flex flex-wrap items-end gap-2">
                  <Hidden token={props.token} id={item.id} intent="frequency" />
                  <div>
                    <label
                      htmlFor={frequencyId}
                      className="block text-sm font-semibold text-stone-900"
                    >
                      {t("subscriptions:manage.frequency", { target: label })}
                    </label>
                    <select
                      id={frequencyId}
                      name="frequency"
                      defaultValue={item.frequency}
                      className="mt-1 block rounded border border-stone-400 bg-white px-3 py-2 text-stone-900"
                    >
                      {SUBSCRIPTION_FREQUENCIES.map((frequency) => (
                        <option key={frequency} value={frequency}>
                          {t(`subscriptions:frequency.${frequency}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <button type="submit" className={buttonClass.secondary}>
                    {t("subscriptions:manage.save")}
                  </button>
                </form>
              )}
              {active ? (
                <form method="post">
                  <Hidden token={props.token} id={item.id} intent="unsubscribe" />
                  <button
                    type="submit"
                    className={buttonClass.secondary}
                    aria-label={t("subscriptions:manage.unsubscribeFrom", { target: label })}
                  >
                    {t("subscriptions:manage.unsubscribe")}
                  </button>
                </form>
              ) : (
                item.status === "unsubscribed" && (
                  <form method="post">
                    <Hidden token={props.token} id={item.id} intent="resubscribe" />
                    <button
                      type="submit"
                      className={buttonClass.primary}
                      aria-label={t("subscriptions:manage.resubscribeTo", { target: label })}
                    >
                      {t("subscriptions:manage.resubscribe")}
                    </button>
                  </form>
                )
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
