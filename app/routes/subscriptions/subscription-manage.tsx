/**
 * `/subscriptions/manage?token=`: every subscription of the address a mail's manage link
 * signs (ADR 065): how often each mails (each post or a weekly digest), unsubscribe, subscribe
 * again. Each change is a plain form posting the token to the action, which changes it
 * through the API and redirects back here (post/redirect/get) with `?changed=` naming the
 * subscription. A missing, forged or expired link says so, never a 500.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/subscription-manage";
import {
  changeSubscription,
  managedSubscriptions,
  SUBSCRIPTION_FREQUENCIES,
  type SubscriptionChange,
} from "../../api/subscriptions/subscriptions.ts";
import { LinkPage, LINK_PAGE_HEADERS } from "../../features/subscriptions/link-page.tsx";
import {
  managedAnchor,
  ManagedList,
  MANAGE_INTENTS,
} from "../../features/subscriptions/managed-list.tsx";
import {
  linkToken,
  missingToken,
  tokenFailure,
  type TokenFailure,
} from "../../features/subscriptions/token-failure.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { routeContext } from "../../lib/routes/route-data.ts";
import { paths } from "../../lib/paths.ts";

/** Never kept by the page cache: it shows an address's subscriptions as they are now. */
export function headers() {
  return LINK_PAGE_HEADERS;
}

/** Title; never indexed. */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args), { name: "robots", content: "noindex" }];
}

/** The address's subscriptions, or why the link cannot be used. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, t } = routeContext(context);
  const url = new URL(request.url);
  const title = t("subscriptions:manage.title");
  const token = linkToken(url);
  const changed = url.searchParams.get("changed") !== null;
  const page = { title, token, changed, email: "", items: [] as never[] };
  if (!token) return data({ ...page, failure: missingToken(t) }, { status: 400 });
  try {
    const address = await managedSubscriptions(api, token);
    return { ...page, ...address };
  } catch (error) {
    const failure = tokenFailure(error, t);
    return data({ ...page, failure }, { status: failure.status });
  }
}

/** The change a manage form asks for, or null when the form is not one. */
function requestedChange(form: FormData): SubscriptionChange | null {
  const token = formText(form, "token");
  const id = formText(form, "id");
  const intent = MANAGE_INTENTS.find((known) => known === formText(form, "intent"));
  if (!token || !id || !intent) return null;
  if (intent === "unsubscribe") return { token, id, status: "unsubscribed" };
  if (intent === "resubscribe") return { token, id, status: "confirmed" };
  const frequency = SUBSCRIPTION_FREQUENCIES.find((known) => known === formText(form, "frequency"));
  return frequency ? { token, id, frequency } : null;
}

/** Changes one subscription, then back to the list. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, t } = routeContext(context);
  const change = requestedChange(await request.formData());
  if (!change)
    return data<TokenFailure>(
      { status: 400, message: t("subscriptions:manage.refused") },
      { status: 400 },
    );
  try {
    await changeSubscription(api, change);
  } catch (error) {
    const failure = tokenFailure(error, t);
    return data<TokenFailure>(failure, { status: failure.status });
  }
  const back = paths.subscriptionManage({ token: change.token, changed: change.id });
  return redirect(`${back}#${managedAnchor(change.id)}`);
}

/** The page: the address's subscriptions and their forms, or why the link cannot be used. */
export default function SubscriptionManage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const failure = "failure" in loaderData ? loaderData.failure : undefined;
  return (
    <LinkPage
      title={loaderData.title}
      intro={
        loaderData.email
          ? t("subscriptions:manage.introFor", { email: loaderData.email })
          : t("subscriptions:manage.intro")
      }
      error={(actionData ?? failure)?.message}
      done={loaderData.changed && !actionData ? t("subscriptions:manage.saved") : undefined}
    >
      {!failure && <ManagedList token={loaderData.token} items={loaderData.items} />}
    </LinkPage>
  );
}
