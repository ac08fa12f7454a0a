/** `/collection/{username}/{name}`: a collection and the entries in it the visitor may read. */
import { useAppTranslation } from "../../lib/i18n.ts";
import { Link } from "react-router";
import type { Route } from "./+types/collection";
import { Markdown } from "../../components/records/markdown.tsx";
import { EntryList } from "../../components/records/record-lists.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { collectionFeedLinks } from "../feeds/feed-links.ts";
import { findCollection, type EntryRecord } from "../../lib/records.ts";
import { findOr404, routeContext } from "../../lib/route-data.ts";

/** Title: the collection's; its feeds (autodiscovery) when it is public. */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args), ...collectionFeedLinks(args)];
}

/** The collection and its entries (first 500). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { pb } = routeContext(context);
  const collection = await findOr404(context, new URL(request.url), () =>
    findCollection(pb, params.username, params.name),
  );
  const entries = await pb.collection("entries").getList<EntryRecord>(1, 500, {
    filter: pb.filter("collection = {:id}", { id: collection.id }),
    sort: "-date,-created",
    skipTotal: true,
  });
  return {
    title: collection.title,
    description: collection.description,
    collection,
    entries: entries.items,
    username: params.username,
  };
}

/** The collection page. */
export default function Collection({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { user } = useSession();
  const { collection, entries, username } = loaderData;
  const owner = collection.expand?.owner;
  return (
    <>
      <PageHeader
        title={collection.title}
        intro={
          owner && (
            <Link
              to={`/profile/${encodeURIComponent(owner.username)}`}
              className="underline underline-offset-4"
            >
              {t("records:meta.by", { name: owner.name || owner.username })}
            </Link>
          )
        }
        actions={
          user?.id === collection.owner ? (
            <ButtonLink
              to={`/collection/update/${encodeURIComponent(username)}/${encodeURIComponent(collection.name)}`}
              variant="secondary"
            >
              {t("records:collection.editLink")}
            </ButtonLink>
          ) : undefined
        }
      />
      {collection.description && <Markdown text={collection.description} />}
      <section aria-labelledby="collection-entries" className="mt-8">
        <h2 id="collection-entries" className="mb-4 font-serif text-2xl font-semibold">
          {t("records:collections.entries")}
        </h2>
        <EntryList
          entries={entries}
          empty={t("records:collections.noEntries")}
          username={username}
        />
      </section>
    </>
  );
}
