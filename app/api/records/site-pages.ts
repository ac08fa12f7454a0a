/**
 * The site's standalone pages (`pages`, ADR 075) as the reading pages read them: one page by
 * its slug, and the published pages of a language's navigation.
 */
import { sdk, type ApiClient } from "../client/api-client.ts";
import type { ApiRecord } from "./records.ts";
import { listRecords } from "./record-reads.ts";

/** A page record as the API sends it. */
export interface SitePageRecord extends ApiRecord {
  author: string;
  slug: string;
  title: string;
  content: string;
  description: string;
  lang: "en" | "fr";
  status: "draft" | "published";
  inNavigation: boolean;
  navigationOrder: number;
  created: string;
  updated: string;
}

/** Most pages a language's navigation shows. */
export const MAX_NAVIGATION_PAGES = 12;

/** The page at `/page/{slug}`, through the API's view rule (a draft only for its author). */
export function findSitePage(api: ApiClient, slug: string): Promise<SitePageRecord> {
  const pb = sdk(api);
  return pb
    .collection("pages")
    .getFirstListItem<SitePageRecord>(pb.filter("slug = {:slug}", { slug }));
}

/** The published pages shown in `lang`'s navigation, in their order. */
export async function navigationPages(
  api: ApiClient,
  lang: string,
): Promise<{ slug: string; title: string }[]> {
  const list = await listRecords<SitePageRecord>(api, "pages", 1, MAX_NAVIGATION_PAGES, {
    filter: sdk(api).filter('inNavigation = true && status = "published" && lang = {:lang}', {
      lang,
    }),
    sort: "navigationOrder,title",
    fields: "slug,title",
    skipTotal: true,
  });
  return list.items.map(({ slug, title }) => ({ slug, title }));
}
