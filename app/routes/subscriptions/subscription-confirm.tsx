/**
 * `/subscriptions/confirm?token=`: the page a confirmation mail links (ADR 065, double
 * opt-in). Its `GET` changes nothing (a mail scanner following the link confirms nobody); its
 * one button posts the token to the action, which confirms through the API and redirects to
 * `?confirmed=1` (post/redirect/get). A missing, forged or expired link says so, never a 500.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/subscription-confirm";
import { confirmSubscription } from "../../api/subscriptions/subscriptions.ts";
import {
  LinkButton,
  LinkPage,
  LINK_PAGE_HEADERS,
} from "../../features/subscriptions/link-page.tsx";
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

/** Never kept by the page cache. */
export function headers() {
  return LINK_PAGE_HEADERS;
}

/** Title; never indexed. */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args), { name: "robots", content: "noindex" }];
}

/** The token of the link, or the outcome once confirmed. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { t } = routeContext(context);
  const url = new URL(request.url);
  const title = t("subscriptions:confirm.title");
  if (url.searchParams.get("confirmed") === "1") return { title, token: "", confirmed: true };
  const token = linkToken(url);
  if (!token)
    return data({ title, token, confirmed: false, failure: missingToken(t) }, { status: 400 });
  return { title, token, confirmed: false };
}

/** Confirms the subscription the posted token names. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, t } = routeContext(context);
  const token = formText(await request.formData(), "token");
  if (!token) return data<TokenFailure>(missingToken(t), { status: 400 });
  try {
    await confirmSubscription(api, token);
  } catch (error) {
    const failure = tokenFailure(error, t);
    return data<TokenFailure>(failure, { status: failure.status });
  }
  return redirect(paths.subscriptionConfirm({ confirmed: 1 }));
}

/** The page: the button, the outcome, or why the link cannot be used. */
export default function SubscriptionConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const failure = actionData ?? ("failure" in loaderData ? loaderData.failure : undefined);
  if (loaderData.confirmed)
    return <LinkPage title={loaderData.title} done={t("subscriptions:confirm.done")} />;
  return (
    <LinkPage
      title={loaderData.title}
      intro={t("subscriptions:confirm.intro")}
      error={failure?.message}
    >
      {loaderData.token && !failure && (
        <LinkButton token={loaderData.token} label={t("subscriptions:confirm.submit")} />
      )}
    </LinkPage>
  );
}
