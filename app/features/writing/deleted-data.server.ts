/**
 * The data of "Recently deleted" (`/writing/deleted`, ADR 067): a page of the account's
 * deleted entries and posts, newest first, the item whose "Delete forever" waits for its
 * confirmation (`?confirm=<id>`, the page without JavaScript), and the outcome of the last
 * action: the restored record, named and linked where it is now (`?restored=<collection>&
 * record=<id>`, `&renamed=1` when its address had to change), or a deletion for good
 * (`?purged=1`). Its action restores an item or deletes it for good, then redirects back
 * (post/redirect/get), so it works the same with JavaScript and without.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import type { SessionUser } from "../../api/auth/session.ts";
import { apiFailure } from "../../api/client/api-errors.ts";
import { getRecord } from "../../api/records/record-reads.ts";
import type { EntryRecord, PostRecord } from "../../api/records/records.ts";
import { PAGE_SIZE } from "../../api/records/records.ts";
import {
  deleteForever,
  listDeleted,
  restoreDeleted,
  type DeletedItem,
} from "../../api/records/recently-deleted.ts";
import type { ApiClient } from "../../api/client/api-client.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { paths } from "../../lib/paths.ts";
import { pageParam } from "../../lib/routes/query-params.ts";
import { routeContext } from "../../lib/routes/route-data.ts";

/** One deleted entry or post as the page lists it. */
export interface DeletedRow {
  id: string;
  kind: "entry" | "post";
  title: string;
  deleted: string;
  expires: string;
}

/** A record brought back by the last action, as the page names it. */
export interface RestoredOutcome {
  kind: "entry" | "post";
  title: string;
  /** Its page. */
  href: string;
  /** Its new address (name or slug) when its own was taken meanwhile, else `""`. */
  renamedTo: string;
}

/** What a refused action says. */
export interface DeletedActionData {
  message: string;
}

function rowOf(item: DeletedItem): DeletedRow {
  return {
    id: item.id,
    kind: item.recordCollection === "posts" ? "post" : "entry",
    title: item.title,
    deleted: item.deleted,
    expires: item.expires,
  };
}

/** The restored record the address names, if the account can still read it. */
async function restoredOutcome(
  api: ApiClient,
  user: SessionUser,
  url: URL,
): Promise<RestoredOutcome | null> {
  const collection = url.searchParams.get("restored");
  const id = url.searchParams.get("record") ?? "";
  if ((collection !== "entries" && collection !== "posts") || !id) return null;
  const renamed = url.searchParams.get("renamed") === "1";
  try {
    if (collection === "entries") {
      const entry = await getRecord<EntryRecord>(api, "entries", id);
      return {
        kind: "entry",
        title: entry.title,
        href: paths.entry(user.username, entry.name),
        renamedTo: renamed ? entry.name : "",
      };
    }
    const post = await getRecord<PostRecord>(api, "posts", id);
    return {
      kind: "post",
      title: post.title,
      href: paths.post(user.username, post.slug),
      renamedTo: renamed ? post.slug : "",
    };
  } catch (error) {
    // Deleted again, or never restored: nothing to tell.
    if (apiFailure(error)?.status === 404) return null;
    throw error;
  }
}

/** Loads one page of the list and the outcome of the last action. */
export async function loadDeleted(
  context: Readonly<RouterContextProvider>,
  user: SessionUser,
  url: URL,
) {
  const { api } = routeContext(context);
  const page = pageParam(url);
  const list = await listDeleted(api, page, PAGE_SIZE);
  // A page emptied by the last action (or past the end) shows the last one instead.
  if (list.items.length === 0 && page > 1 && list.totalPages > 0) {
    const params = Object.fromEntries(url.searchParams);
    throw redirect(paths.writingDeleted({ ...params, page: list.totalPages }));
  }
  const items = list.items.map(rowOf);
  const confirm = url.searchParams.get("confirm") ?? "";
  return {
    items,
    page: list.page,
    totalPages: list.totalPages,
    totalItems: list.totalItems,
    confirming: items.find((item) => item.id === confirm) ?? null,
    restored: await restoredOutcome(api, user, url),
    purged: url.searchParams.get("purged") === "1",
  };
}

/** Restores an item or deletes it for good (`intent`), then goes back to the list. */
export async function deletedAction(context: Readonly<RouterContextProvider>, request: Request) {
  const { api, t } = routeContext(context);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const id = formText(form, "id");
  const page = Number(formText(form, "page")) > 1 ? formText(form, "page") : undefined;
  try {
    if (intent === "restore" && id) {
      const answer = await restoreDeleted(api, id);
      return redirect(
        paths.writingDeleted({
          page,
          restored: answer.recordCollection,
          record: answer.record.id,
          renamed: answer.renamed ? "1" : undefined,
        }),
      );
    }
    if (intent === "purge" && id) {
      await deleteForever(api, id);
      return redirect(paths.writingDeleted({ page, purged: "1" }));
    }
    return data<DeletedActionData>({ message: t("errors:api.generic") }, { status: 400 });
  } catch (error) {
    const failure = apiFailure(error);
    if (!failure) throw error;
    const status = [403, 404, 429].includes(failure.status) ? failure.status : 400;
    const message =
      status === 404
        ? t("writing:deleted.gone")
        : status === 403
          ? t("writing:deleted.forbidden")
          : t("errors:api.generic");
    return data<DeletedActionData>({ message }, { status });
  }
}
