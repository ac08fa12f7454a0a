/**
 * `/collection/create` (signed in): a new collection, private unless chosen otherwise. A
 * superuser, who owns no collections, gets a notice instead of the form.
 */
import type { Route } from "./+types/collection-create";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { CollectionForm } from "../../features/records/collection-form.tsx";
import { canonicalUrl, siteOrigin } from "../../lib/routes/site-url.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { requireUser, routeContext } from "../../lib/routes/route-data.ts";
import { isSuperuser } from "../../api/auth/session.ts";
import { SuperuserNotice } from "../../features/records/superuser-notice.tsx";
import { paths } from "../../lib/paths.ts";

/** Title, description and canonical URL. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The owner (the signed-in person). */
export function loader({ request, context }: Route.LoaderArgs) {
  const { t } = routeContext(context);
  const user = requireUser(context);
  if (isSuperuser(user))
    return { title: t("records:collection.createTitle"), superuser: true as const };
  return {
    superuser: false as const,
    title: t("records:collection.createTitle"),
    description: t("listings:collections.introOwn"),
    canonical: canonicalUrl(siteOrigin(context, request), paths.collectionCreate()),
    owner: { id: user.id, username: user.username },
  };
}

/** The new-collection page. */
export default function CollectionCreate({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  if (loaderData.superuser) return <SuperuserNotice title={t("records:collection.createTitle")} />;
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={t("records:collection.createTitle")} />
      <CollectionForm owner={loaderData.owner} />
    </div>
  );
}
