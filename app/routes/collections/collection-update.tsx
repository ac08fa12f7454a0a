/**
 * `/collection/update/{username}/{name}` (signed in, the owner only): edits a collection, or
 * deletes it after a confirmation.
 */
import type { Route } from "./+types/collection-update";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { CollectionForm, DeleteCollection } from "../../features/listings/collection-form.tsx";
import { canonicalUrl } from "../../lib/canonical.ts";
import { useAppTranslation } from "../../lib/i18n.ts";
import { pageMeta } from "../../lib/meta.ts";
import { findCollection } from "../../lib/records.ts";
import { findOr404, requireUser, routeContext, throwForbidden } from "../../lib/route-data.ts";

/** Title, description and canonical URL. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The collection (404 when unreadable, 403 when someone else's). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { pb, t } = routeContext(context);
  const user = requireUser(context);
  const collection = await findOr404(context, new URL(request.url), () =>
    findCollection(pb, params.username, params.name),
  );
  if (collection.owner !== user.id) throwForbidden(context);
  return {
    title: t("records:collection.updateTitle"),
    description: collection.title,
    canonical: canonicalUrl(
      request,
      `/collection/update/${encodeURIComponent(user.username)}/${encodeURIComponent(collection.name)}`,
    ),
    collection,
    owner: { id: user.id, username: user.username },
  };
}

/** The edit-collection page. */
export default function CollectionUpdate({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
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
