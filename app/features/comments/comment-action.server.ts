/**
 * The route action of a post's or entry's page for its comments (ADR 065): writes, changes
 * or deletes a comment through the API as the visitor, then redirects back to the page's
 * comments with the outcome in the address (post/redirect/get), so the form works without
 * JavaScript and a reload sends nothing twice. A refusal renders the page again with the
 * API's field errors and the text kept (400, 403, 404, 413 or 429 as the API answered).
 *
 * SECURITY: the write rides on the session cookie of a page request; the web plugin refuses
 * cross-site page writes (`Origin`, `Sec-Fetch-Site`) and the cookie is `SameSite=Lax`.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { apiFailure } from "../../api/client/api-errors.ts";
import { createComment, deleteComment, updateCommentText } from "../../api/comments/comments.ts";
import { fieldErrors } from "../../lib/forms/api-errors.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { requestedPath, routeContext } from "../../lib/routes/route-data.ts";
import { COMMENTS_ANCHOR, type CommentActionData, type CommentOutcome } from "./comment-types.ts";

/** The statuses the API refuses with that the page passes on; anything else is a 400. */
const PASSED_ON = new Set([400, 403, 404, 413, 429]);

/** The page's own address with `?comment=outcome#comments`, other query values kept. */
function backTo(request: Request, outcome: CommentOutcome): string {
  const url = new URL(request.url);
  const query = new URLSearchParams(url.search);
  query.delete("_routes");
  query.set("comment", outcome);
  return `${requestedPath(url)}?${query.toString()}#${COMMENTS_ANCHOR}`;
}

/** Handles a comment form's submission (see the module comment). */
export async function commentAction({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const { api, t } = routeContext(context);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const target = formText(form, intent === "create" ? "parent" : "id");
  const values = {
    content: formText(form, "content"),
    authorName: formText(form, "authorName"),
    email: formText(form, "email"),
    notifyReplies: formText(form, "notifyReplies") === "on",
  };
  try {
    if (intent === "create") {
      const collection = formText(form, "recordCollection");
      const comment = await createComment(api, {
        record: formText(form, "record"),
        recordCollection: collection === "entries" ? "entries" : "posts",
        parent: target,
        content: values.content,
        notifyReplies: values.notifyReplies,
        authorName: values.authorName,
        email: values.email,
        website: formText(form, "website"),
        altcha: formText(form, "altcha"),
      });
      return redirect(backTo(request, comment.status === "approved" ? "posted" : "held"));
    }
    if (intent === "update") {
      await updateCommentText(api, target, values.content);
      return redirect(backTo(request, "updated"));
    }
    if (intent === "delete") {
      await deleteComment(api, target);
      return redirect(backTo(request, "deleted"));
    }
    return data<CommentActionData>(
      { intent, target, message: t("errors:api.generic"), errors: {}, values },
      { status: 400 },
    );
  } catch (error) {
    const failure = apiFailure(error);
    if (!failure) throw error;
    const status = PASSED_ON.has(failure.status) ? failure.status : 400;
    const errors = fieldErrors(error, t, (code) =>
      code === "validation_max_text_constraint" ? t("comments:errors.tooLong") : undefined,
    );
    const message =
      status === 403
        ? t("comments:errors.forbidden")
        : status === 404
          ? t("comments:errors.gone")
          : status === 429
            ? t("comments:errors.tooMany")
            : errors.altcha || errors.website
              ? t("comments:errors.proof")
              : Object.keys(errors).length > 0
                ? t("comments:errors.fields")
                : t("errors:api.generic");
    return data<CommentActionData>({ intent, target, message, errors, values }, { status });
  }
}
