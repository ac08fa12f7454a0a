/** `/collection/create` (signed in): a new collection, private unless chosen otherwise. */
import type { Route } from "./+types/collection-create";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { CollectionForm } from "../../features/listings/collection-form.tsx";
import { canonicalUrl } from "../../lib/canonical.ts";
import { useAppTranslation } from "../../lib/i18n.ts";
import { pageMeta } from "../../lib/meta.ts";
import { requireUser, routeContext } from "../../lib/route-data.ts";

/** Title, description and canonical URL. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The owner (the signed-in person). */
export function loader({ request, context }: Route.LoaderArgs) {
  const { t } = routeContext(context);
  const user = requireUser(context);
  return {
    title: t("records:collection.createTitle"),
    description: t("listings:collections.introOwn"),
    canonical: canonicalUrl(request, "/collection/create"),
    owner: { id: user.id, username: user.username },
  };
}

/** The new-collection page. */
export default function CollectionCreate({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={t("records:collection.createTitle")} />
      <CollectionForm owner={loaderData.owner} />
    </div>
  );
}
