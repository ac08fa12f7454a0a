/**
 * One comment under a post or entry: its author, date, text (rendered on the server), a
 * "waits for approval" mark on the commenter's own held one, and what the viewer may do:
 * reply, change its text (its commenter, 15 minutes) or delete it (its commenter, the
 * record's author, an admin). Each is a small form posting to the page's action, in a
 * `<details>` where it needs typing, so it works without JavaScript.
 */
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Markdown } from "../../components/records/markdown.tsx";
import { TextArea } from "../../components/ui/form-controls.tsx";
import { FormMessage } from "../../components/ui/form-field.tsx";
import { FormattedDate } from "../../components/ui/formatted-date.tsx";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { COMMENT_MAX_LENGTH } from "./comment-form.tsx";
import type { CommentActionData, ShownComment } from "./comment-types.ts";

/** Classes of a `<summary>` that opens a comment's reply or edit form. */
const SUMMARY_CLASS =
  "inline-block cursor-pointer rounded px-1 text-sm font-semibold text-amber-900 underline underline-offset-4";

/** Props of {@link CommentItem}. */
export interface CommentItemProps {
  comment: ShownComment;
  /** The reply form, when the viewer may reply here. */
  replyForm?: ReactNode;
  /** The action's answer when it refused a form of this comment. */
  refused?: CommentActionData | undefined;
  /** Its replies (a top-level comment's). */
  children?: ReactNode;
}

/** A comment, its actions and its replies. */
export function CommentItem({ comment, replyForm, refused, children }: CommentItemProps) {
  const { t } = useAppTranslation();
  const mine = refused?.target === comment.id;
  return (
    <li id={`comment-${comment.id}`} className="grid gap-2" data-testid="comment">
      <article
        aria-labelledby={`comment-${comment.id}-by`}
        className={`rounded border px-4 py-3 ${
          comment.pending
            ? "border-dashed border-amber-400 bg-amber-50"
            : "border-stone-200 bg-white"
        }`}
      >
        <header className="flex flex-wrap items-baseline gap-x-2 text-sm text-stone-700">
          {comment.remote?.avatar && (
            <img
              src={comment.remote.avatar}
              alt={t("comments:item.avatar", { name: comment.authorName })}
              width={24}
              height={24}
              loading="lazy"
              referrerPolicy="no-referrer"
              className="size-6 self-center rounded-full object-cover"
            />
          )}
          <span id={`comment-${comment.id}-by`} className="font-semibold text-stone-900">
            {comment.remote?.profile ? (
              <a
                href={comment.remote.profile}
                rel="nofollow ugc noopener"
                className="underline underline-offset-4"
              >
                {comment.authorName}
              </a>
            ) : (
              comment.authorName
            )}
          </span>
          {comment.remote && (
            <span className="rounded bg-stone-100 px-2 text-xs text-stone-700">
              {t("comments:item.fediverse")}
            </span>
          )}
          <FormattedDate value={comment.created} />
          {comment.pending && (
            <span className="rounded bg-amber-200 px-2 text-xs font-semibold text-amber-950">
              {t("comments:item.pending")}
            </span>
          )}
        </header>
        <Markdown html={comment.html} className="mt-2 prose-sm" />
        {mine && refused.intent !== "create" && refused.message && (
          <FormMessage kind="error">{refused.message}</FormMessage>
        )}
        <div className="mt-2 flex flex-wrap items-start gap-3">
          {replyForm && (
            <details className="w-full" open={refused?.intent === "create" && mine}>
              <summary className={SUMMARY_CLASS}>{t("comments:item.reply")}</summary>
              <div className="mt-3">{replyForm}</div>
            </details>
          )}
          {comment.canEdit && (
            <details className="w-full" open={refused?.intent === "update" && mine}>
              <summary className={SUMMARY_CLASS}>{t("comments:item.edit")}</summary>
              <Form method="post" preventScrollReset className="mt-3 grid gap-3">
                <input type="hidden" name="intent" value="update" />
                <input type="hidden" name="id" value={comment.id} />
                <TextArea
                  name="content"
                  label={t("comments:item.editLabel")}
                  rows={4}
                  maxLength={COMMENT_MAX_LENGTH}
                  defaultValue={mine ? refused.values.content : comment.source}
                  error={mine ? refused.errors.content : undefined}
                />
                <div>
                  <button type="submit" className={buttonClass.secondary}>
                    {t("comments:item.save")}
                  </button>
                </div>
              </Form>
            </details>
          )}
          {comment.canDelete && (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={comment.id} />
              <button
                type="submit"
                className="rounded px-1 text-sm font-semibold text-red-800 underline underline-offset-4"
                aria-label={t("comments:item.deleteLabel", { name: comment.authorName })}
              >
                {t("comments:item.delete")}
              </button>
            </Form>
          )}
        </div>
      </article>
      {children}
    </li>
  );
}
