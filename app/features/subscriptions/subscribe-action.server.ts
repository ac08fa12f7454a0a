/**
 * The route action of the pages that offer the subscribe form (the blog, an author's profile,
 * a public collection; ADR 065): asks the API to subscribe the address as the visitor, then
 * redirects back to the page's form with the outcome in the address (post/redirect/get), so
 * the form works without JavaScript and a reload sends nothing twice. A refusal renders the
 * page again with the message and the address kept (400, 403, 404 or 429 as the API
 * answered); the API never says whether it knew the address, and neither does the page.
 *
 * SECURITY: the write rides on the session cookie of a page request; the web plugin refuses
 * cross-site page writes (`Origin`, `Sec-Fetch-Site`) and the cookie is `SameSite=Lax`.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { apiFailure } from "../../api/client/api-errors.ts";
import { isSubscriptionTarget, subscribe } from "../../api/subscriptions/subscriptions.ts";
import { fieldErrors } from "../../lib/forms/api-errors.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { requestedPath, routeContext } from "../../lib/routes/route-data.ts";
import {
  SUBSCRIBE_ANCHOR,
  SUBSCRIBE_PARAM,
  type SubscribeActionData,
  type SubscribeOutcome,
} from "./subscribe-outcome.ts";

/** The statuses the API refuses with that the page passes on; anything else is a 400. */
const PASSED_ON = new Set([400, 403, 404, 429]);

/** The page's own address with `?subscribe=outcome#subscribe`, other query values kept. */
function backTo(request: Request, outcome: SubscribeOutcome): string {
  const url = new URL(request.url);
  const query = new URLSearchParams(url.search);
  query.delete("_routes");
  query.set(SUBSCRIBE_PARAM, outcome);
  return `${requestedPath(url)}?${query.toString()}#${SUBSCRIBE_ANCHOR}`;
}

/** Handles the subscribe form's submission (see the module comment). */
export async function subscribeAction(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  form: FormData,
) {
  const { api, t, locale, user } = routeContext(context);
  const email = formText(form, "email").trim();
  const target = formText(form, "target");
  const refuse = (message: string, emailError: string, status: number) =>
    data<SubscribeActionData>({ subscribe: { message, emailError, email } }, { status });
  if (!email) {
    const required = t("errors:validation.validation_required");
    return refuse(t("subscriptions:form.fields"), required, 400);
  }
  if (!isSubscriptionTarget(target)) return refuse(t("subscriptions:form.gone"), "", 400);
  try {
    await subscribe(api, { email, target, locale });
  } catch (error) {
    const failure = apiFailure(error);
    if (!failure) throw error;
    const status = PASSED_ON.has(failure.status) ? failure.status : 400;
    const errors = fieldErrors(error, t);
    const message =
      status === 429
        ? t("subscriptions:form.tooMany")
        : status === 404 || errors.target
          ? t("subscriptions:form.gone")
          : status === 403
            ? t("subscriptions:form.forbidden")
            : errors.email
              ? t("subscriptions:form.fields")
              : t("errors:api.generic");
    return refuse(message, errors.email ?? "", status);
  }
  // A signed-in reader's own verified address is subscribed at once; any other is confirmed.
  const own = !!user?.verified && user.email.toLowerCase() === email.toLowerCase();
  return redirect(backTo(request, own ? "done" : "check"));
}

/** The action of a page whose only form is the subscribe form. */
export async function subscribeOnlyAction(args: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const form = await args.request.formData();
  return subscribeAction(args, form);
}
