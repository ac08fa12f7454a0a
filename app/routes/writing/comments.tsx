/**
 * `/writing/comments`: the comments a writer moderates (ADR 065), the ones waiting first: a
 * tab per status with its count, 30 a page, each with its author, record, excerpt and date;
 * approve, reject, mark as spam or delete the selected ones at once (one batch request), or
 * block a commenter. An admin sees every record's comments. Works without JavaScript (links
 * and form posts, post/redirect/get); kept live while open. The signed-in guard sends
 * visitors to `/login`.
 */
import type { Route } from "./+types/comments";
import { Pagination } from "../../components/records/record-lists.tsx";
import { FormMessage } from "../../components/ui/form-field.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useLiveRecords } from "../../components/live/use-live-records.ts";
import {
  loadModeration,
  moderationAction,
  moderationQuery,
} from "../../features/comments/moderation-data.server.ts";
import { ModerationList, ModerationTabs } from "../../features/comments/moderation-list.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { requireUser, routeContext } from "../../lib/routes/route-data.ts";

/** Title; never indexed (a person's own page). */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args), { name: "robots", content: "noindex" }];
}

/** One status's page of the queue, the counts, and the outcome of the last change. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { t } = routeContext(context);
  const user = requireUser(context);
  const url = new URL(request.url);
  const query = moderationQuery(url);
  const moderation = await loadModeration(context, user, query);
  const done = Number(url.searchParams.get("done") ?? "0");
  return {
    title: t("comments:moderation.title"),
    query,
    ...moderation,
    done: Number.isInteger(done) && done > 0 ? done : 0,
    blocked: url.searchParams.get("blocked") === "1",
  };
}

/** Approves, rejects, marks as spam or deletes the selected comments, or blocks one commenter. */
export async function action({ request, context }: Route.ActionArgs) {
  requireUser(context);
  return moderationAction(context, request);
}

/** The moderation queue. */
export default function Comments({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { query, counts, comments } = loaderData;
  useLiveRecords({ topics: [{ collection: "comments", topic: "*", fields: "id" }] });
  return (
    <>
      <PageHeader
        title={t("comments:moderation.title")}
        intro={
          loaderData.admin
            ? t("comments:moderation.adminDescription")
            : t("comments:moderation.description")
        }
      />
      {(loaderData.done > 0 || loaderData.blocked) && (
        <div className="mb-4">
          <FormMessage kind="success">
            {loaderData.blocked
              ? t("comments:moderation.blocked")
              : t("comments:moderation.done", { count: loaderData.done })}
          </FormMessage>
        </div>
      )}
      <ModerationTabs status={query.status} counts={counts} />
      <ModerationList status={query.status} comments={comments} message={actionData?.message} />
      <Pagination page={loaderData.page} totalPages={loaderData.totalPages} />
    </>
  );
}
