/** `/collections`: public collections and the visitor's own. */
import { useAppTranslation } from "../../lib/i18n.ts";
import type { Route } from "./+types/collections";
import { CollectionList, Pagination } from "../../components/records/record-lists.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { PAGE_SIZE, pageParam, type CollectionRecord } from "../../lib/records.ts";
import { routeContext } from "../../lib/route-data.ts";

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** One page of collections. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { pb, t } = routeContext(context);
  const page = pageParam(new URL(request.url));
  const list = await pb.collection("collections").getList<CollectionRecord>(page, PAGE_SIZE, {
    sort: "title",
    expand: "owner",
  });
  return {
    title: t("records:collections.title"),
    description: t("records:collections.intro"),
    collections: list.items,
    page: list.page,
    totalPages: list.totalPages,
  };
}

/** The collections list. */
export default function Collections({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { user } = useSession();
  return (
    <>
      <PageHeader
        title={t("records:collections.title")}
        intro={t("records:collections.intro")}
        actions={
          user?.collectionName === "users" ? (
            <ButtonLink to="/collection/create">{t("records:collections.create")}</ButtonLink>
          ) : undefined
        }
      />
      <CollectionList collections={loaderData.collections} empty={t("records:collections.empty")} />
      <Pagination page={loaderData.page} totalPages={loaderData.totalPages} />
    </>
  );
}
