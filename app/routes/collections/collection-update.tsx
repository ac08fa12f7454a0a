/**
 * `/collection/update/{username}/{name}` (signed in, the owner only): edits a collection, or
 * deletes it after a confirmation.
 */

import type { Route } from "./+types/collection-update";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { CollectionForm, DeleteCollection } from "../../features/records/collection-form.tsx";
import { canonicalUrl, siteOrigin } from "../../lib/routes/site-url.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { findCollection } from "../../api/records/record-pages.ts";
import {
  requireUser,
  routeContext,
  throwForbidden,
  readNamedOr404,
} from "../../lib/routes/route-data.ts";
import { isSuperuser } from "../../api/auth/session.ts";
import { SuperuserNotice } from "../../features/records/superuser-notice.tsx";
import { paths } from "../../lib/paths.ts";

/** Title, description and canonical URL. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The collection (404 when unreadable, 403 when someone else's). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api, t } = routeContext(context);
  const user = requireUser(context);
  const url = new URL(request.url);
  // Another spelling of the username redirects: the canonical address (ADR 037).
  const collection = await readNamedOr404(context, url, params.username, 3, (username) =>
    findCollection(api, username, params.name),
  );
  // A superuser passes every rule but owns nothing, and the form saves the signed-in account
  // as the author: it gets the notice rather than a form whose save would fail.
  if (isSuperuser(user))
    return { title: t("records:collection.updateTitle"), superuser: true as const };
  if (collection.owner !== user.id) throwForbidden(context);
  return {
    title: t("records:collection.updateTitle"),
    superuser: false as const,
    description: collection.title,
    canonical: canonicalUrl(
      siteOrigin(context, request),
      paths.collectionUpdate(user.username, collection.name),
    ),
    collection,
    owner: { id: user.id, username: user.username },
  };
}

/** The edit-collection page. */
export default function CollectionUpdate({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  if (loaderData.superuser) return <SuperuserNotice title={t("records:collection.updateTitle")} />;
  const { collection, owner } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={t("records:collection.updateTitle")} intro={collection.title} />
      {/* A new key resets the uncontrolled fields when another collection loads. */}
      <CollectionForm key={collection.id} owner={owner} collection={collection} />
      <DeleteCollection collection={collection} />
    </div>
  );
}
