/**
 * The comments under a live post or public entry (ADR 065): "N comments", the approved ones
 * (and the visitor's own held ones, marked) with one level of replies, the outcome of the
 * last comment sent ("Your comment awaits the author's approval"), then the form, an
 * invitation to sign in, or "Comments are closed". Server-rendered from the loader's data,
 * kept live while the page is open, new comments announced politely.
 */
import { Link, useLocation } from "react-router";
import { FormMessage } from "../../components/ui/form-field.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { CommentForm } from "./comment-form.tsx";
import { CommentItem } from "./comment-item.tsx";
import {
  COMMENTS_ANCHOR,
  type CommentActionData,
  type CommentSectionData,
  type ShownComment,
} from "./comment-types.ts";
import { useLiveComments } from "./use-live-comments.ts";

/** Props of {@link CommentSection}. */
export interface CommentSectionProps {
  data: CommentSectionData;
  /** The action's answer when it refused a comment form (`undefined` otherwise). */
  refused?: CommentActionData | undefined;
}

/** The comments section of a record's page. */
export function CommentSection({ data, refused }: CommentSectionProps) {
  const { t } = useAppTranslation();
  const location = useLocation();
  const added = useLiveComments(data.recordId, data.approved);
  const open = data.access === "member" || data.access === "guest";
  const replies = new Map<string, ShownComment[]>();
  for (const comment of data.comments) {
    if (!comment.parent) continue;
    replies.set(comment.parent, [...(replies.get(comment.parent) ?? []), comment]);
  }
  const topLevel = data.comments.filter(
    (comment) => !comment.parent || !data.comments.some((other) => other.id === comment.parent),
  );
  const formProps = {
    recordId: data.recordId,
    recordCollection: data.recordCollection,
    guest: data.access === "guest",
  };
  const refusedHere = (id: string) =>
    refused && refused.target === id && refused.intent !== "" ? refused : undefined;
  return (
    <section
      id={COMMENTS_ANCHOR}
      aria-labelledby="comments-title"
      className="mx-auto mt-12 max-w-prose border-t border-stone-200 pt-8 print:hidden"
    >
      <h2 id="comments-title" className="font-serif text-2xl font-semibold">
        {t("comments:section.title", { count: data.approved })}
      </h2>
      <p aria-live="polite" className="sr-only" data-testid="comments-announcer">
        {added > 0 ? t("comments:live.added", { count: added }) : ""}
      </p>
      {data.outcome && (
        <div className="mt-4">
          <FormMessage kind="success">{t(`comments:outcome.${data.outcome}`)}</FormMessage>
        </div>
      )}
      {data.comments.length === 0 ? (
        <p className="mt-4 text-stone-700">
          {open ? t("comments:section.emptyOpen") : t("comments:section.empty")}
        </p>
      ) : (
        <ol className="mt-6 grid gap-4">
          {topLevel.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              refused={refusedHere(comment.id)}
              replyForm={
                open && !comment.pending ? (
                  <CommentForm
                    {...formProps}
                    parent={comment.id}
                    refused={refused?.intent === "create" ? refusedHere(comment.id) : undefined}
                  />
                ) : undefined
              }
            >
              {(replies.get(comment.id) ?? []).length > 0 && (
                <ol
                  aria-label={t("comments:section.replies", { name: comment.authorName })}
                  className="ml-4 grid gap-3 border-l-2 border-stone-200 pl-4 sm:ml-8"
                >
                  {(replies.get(comment.id) ?? []).map((reply) => (
                    <CommentItem key={reply.id} comment={reply} refused={refusedHere(reply.id)} />
                  ))}
                </ol>
              )}
            </CommentItem>
          ))}
        </ol>
      )}
      <div className="mt-8">
        {open && (
          <>
            <h3 className="mb-3 text-lg font-semibold">{t("comments:form.title")}</h3>
            <CommentForm
              {...formProps}
              refused={refused?.intent === "create" && !refused.target ? refused : undefined}
            />
          </>
        )}
        {data.access === "signIn" && (
          <p className="text-stone-800">
            <Link
              to={paths.login({ redirectTo: `${location.pathname}#${COMMENTS_ANCHOR}` })}
              className="font-semibold underline underline-offset-4"
            >
              {t("comments:section.signIn")}
            </Link>
          </p>
        )}
        {!open && refused?.intent === "create" && refused.message && (
          <div className="mb-3">
            <FormMessage kind="error">{refused.message}</FormMessage>
          </div>
        )}
        {data.access === "superuser" && (
          <p className="text-stone-700" data-testid="comments-superuser">
            {t("comments:section.superuser")}
          </p>
        )}
        {data.access === "closed" && (
          <p className="text-stone-700" data-testid="comments-closed">
            {t("comments:section.closed")}
          </p>
        )}
      </div>
    </section>
  );
}
