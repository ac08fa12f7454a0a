/**
 * The action of "My writing" (`/writing`): moves the selected entries into one of the
 * person's collections, or out of any, in one batch (all or none), then redirects back to
 * the same list with `?moved=N&to=<collection name>` (post/redirect/get). Refused with a 400
 * and a message when nothing is selected, when the collection is not the person's, or when
 * the batch fails (an entry that is not theirs: the rules refuse it, and nothing moves).
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { apiFailure } from "../../api/client/api-errors.ts";
import { listAllRecords, filterExpression } from "../../api/records/record-reads.ts";
import { moveEntries } from "../../api/records/entry-moves.ts";
import type { CollectionRecord } from "../../api/records/records.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { requireUser, routeContext } from "../../lib/routes/route-data.ts";

/** At most this many entries move at once (a page of "My writing" shows 30). */
export const MAX_MOVED = 50;

/** What a refused move says. */
export interface BulkMoveRefusal {
  message: string;
}

/** Handles the move form (see the module comment). */
export async function bulkMoveAction(context: Readonly<RouterContextProvider>, request: Request) {
  const { api, t } = routeContext(context);
  const user = requireUser(context);
  const form = await request.formData();
  const refuse = (message: string, status = 400) => data<BulkMoveRefusal>({ message }, { status });
  const ids = [
    ...new Set(form.getAll("ids").filter((id): id is string => typeof id === "string" && !!id)),
  ];
  if (ids.length === 0) return refuse(t("writing:move.noneSelected"));
  if (ids.length > MAX_MOVED) return refuse(t("writing:move.tooMany", { max: MAX_MOVED }));
  const wanted = formText(form, "collection");
  try {
    let name = "";
    if (wanted) {
      const own = await listAllRecords<CollectionRecord>(api, "collections", {
        filter: filterExpression(api, "owner = {:me} && id = {:id}", { me: user.id, id: wanted }),
        fields: "id,name",
      });
      const target = own[0];
      if (!target) return refuse(t("writing:move.unknownCollection"));
      name = target.name;
    }
    await moveEntries(api, ids, wanted);
    const back = new URL(request.url);
    back.searchParams.set("moved", String(ids.length));
    if (name) back.searchParams.set("to", name);
    else back.searchParams.delete("to");
    return redirect(`${back.pathname}${back.search}`);
  } catch (error) {
    const failure = apiFailure(error);
    if (!failure) throw error;
    return refuse(t("writing:move.failed"), failure.status === 429 ? 429 : 400);
  }
}
