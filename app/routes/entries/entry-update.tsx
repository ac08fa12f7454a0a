/** `/entry/update/{username}/{name}` (signed in, the author only): edits an entry. */

import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import type { Route } from "./+types/entry-update";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EntryEditor } from "../../features/editor/entry/entry-editor.tsx";
import { pageMeta } from "../../lib/routes/meta.ts";
import { type CollectionRecord } from "../../api/records/records.ts";
import { findEntry } from "../../api/records/record-pages.ts";
import {
  requireUser,
  routeContext,
  throwForbidden,
  readNamedOr404,
} from "../../lib/routes/route-data.ts";
import { isSuperuser } from "../../api/auth/session.ts";
import { SuperuserNotice } from "../../features/records/superuser-notice.tsx";
import { newFileToken } from "../../api/auth/tokens.ts";
import { filterExpression, listAllRecords } from "../../api/records/record-reads.ts";

/** Title; never indexed. */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args), { name: "robots", content: "noindex" }];
}

/**
 * The entry (404 when unreadable, 403 when someone else's), the author's collections, and a
 * file token when the attachments are protected from others (a private entry).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api, t } = routeContext(context);
  const user = requireUser(context);
  const url = new URL(request.url);
  // Another spelling of the username redirects: the canonical address (ADR 037).
  const entry = await readNamedOr404(context, url, params.username, 3, (username) =>
    findEntry(api, username, params.name),
  );
  // A superuser passes every rule but owns nothing, and the form saves the signed-in account
  // as the author: it gets the notice rather than a form whose save would fail.
  if (isSuperuser(user)) return { title: t("records:entry.updateTitle"), superuser: true as const };
  if (entry.author !== user.id) throwForbidden(context);
  const [collections, fileToken] = await Promise.all([
    listAllRecords<CollectionRecord>(api, "collections", {
      filter: filterExpression(api, "owner = {:id}", { id: user.id }),
      sort: "title",
      fields: "id,title",
      batch: 500,
    }),
    entry.visibility === "private" ? newFileToken(api) : Promise.resolve(""),
  ]);
  return {
    title: t("records:entry.updateTitle"),
    superuser: false as const,
    entry,
    author: { id: user.id, username: entry.expand?.author?.username ?? params.username },
    collections: collections.map(({ id, title }) => ({ id, title })),
    fileToken,
    today: new Date().toISOString().slice(0, 10),
  };
}

/** The edit-entry page. */
export default function EntryUpdate({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  if (loaderData.superuser) return <SuperuserNotice title={t("records:entry.updateTitle")} />;
  const { entry, author, collections, fileToken, today } = loaderData;
  return (
    <div>
      <PageHeader title={t("records:entry.updateTitle")} intro={entry.title} />
      <EntryEditor
        // A different entry is a different form (and a different draft).
        key={entry.id}
        author={author}
        entry={entry}
        collections={collections}
        today={today}
        fileToken={fileToken || undefined}
      />
    </div>
  );
}
