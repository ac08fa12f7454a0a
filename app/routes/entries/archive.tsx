/**
 * `/archive`: public entries and published posts, plus the signed-in person's own private and
 * unlisted entries, newest first, grouped by year and month, 30 per page. Filters by kind
 * (`?kind=entries|posts`) and tag (`?tag=`) are a plain GET form, so they work without
 * JavaScript.
 */
import type { Route } from "./+types/archive";
import { Pagination } from "../../components/records/record-lists.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { loadArchive } from "../../features/reading/archive.ts";
import {
  ArchiveEmpty,
  ArchiveFilters,
  ArchiveMonths,
  archiveHref,
  CalendarLink,
} from "../../features/reading/archive-list.tsx";
import { listingQuery } from "../../features/reading/listing-query.ts";
import { canonicalUrl, siteOrigin } from "../../lib/routes/site-url.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { routeContext } from "../../lib/routes/route-data.ts";
import {
  LiveIndicator,
  NewItemsNotice,
  useHeldItems,
} from "../../components/live/live-indicator.tsx";
import { useLiveRecords } from "../../components/live/use-live-records.ts";
import { paths } from "../../lib/paths.ts";
import type { IntentHandle } from "../../lib/document/hydrate-on-intent.ts";

/** What the archive listens to: entries and posts the viewer may list. */
const ARCHIVE_TOPICS = [
  { collection: "entries", topic: "*" },
  { collection: "posts", topic: "*" },
] as const;

/** A reading page: a guest's hydrates on intent (ADR 050). */
export const handle: IntentHandle = { hydrateOnIntent: true, liveBeforeIntent: "entries" };

/** Title, description and canonical URL. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** One page of the archive with its filters. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, user, t, locale } = routeContext(context);
  const query = listingQuery(new URL(request.url));
  const archive = await loadArchive(api, user, query, locale);
  const heading = t("records:archive.title");
  return {
    title:
      query.page > 1
        ? `${heading} (${t("listings:pagination.page", { page: query.page })})`
        : heading,
    description: t("listings:archive.description"),
    canonical: canonicalUrl(siteOrigin(context, request), paths.archive(), {
      kind: query.kind === "all" ? null : query.kind,
      tag: query.tag,
      page: query.page > 1 ? query.page : null,
    }),
    kind: query.kind,
    tag: query.tag,
    ...archive,
  };
}

/** The archive, kept live: new items wait above the list until the reader shows them. */
export default function Archive({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { kind, tag, page, totalPages, totalItems } = loaderData;
  const live = useLiveRecords({ topics: ARCHIVE_TOPICS });
  const list = useHeldItems(
    loaderData.items,
    (item) => `${item.kind}-${item.id}`,
    `${kind}|${tag}|${page}`,
  );
  const items = list.shown;
  const filtered = kind !== "all" || tag !== "";
  return (
    <>
      <PageHeader
        title={t("records:archive.title")}
        intro={t("listings:archive.intro")}
        actions={
          <>
            <LiveIndicator status={live.status} />
            <CalendarLink />
          </>
        }
      />
      <ArchiveFilters kind={kind} tag={tag} />
      <NewItemsNotice
        count={list.held.length}
        kind={kind === "posts" ? "posts" : kind === "entries" ? "entries" : "items"}
        onShow={list.show}
      />
      {filtered && (
        <p className="mb-6 text-stone-800" role="status">
          {tag
            ? t("listings:archive.filters.activeTag", {
                kind: t(`listings:archive.kinds.${kind}`),
                tag,
              })
            : t("listings:archive.filters.active", { kind: t(`listings:archive.kinds.${kind}`) })}
        </p>
      )}
      {items.length === 0 && list.held.length === 0 ? (
        <ArchiveEmpty
          filtered={filtered}
          outOfRange={totalItems > 0}
          page={page}
          firstPage={archiveHref(kind, tag)}
        />
      ) : (
        <ArchiveMonths listId={list.listId} items={items} kind={kind} />
      )}
      <Pagination page={page} totalPages={totalPages} />
    </>
  );
}
