/**
 * `/page/{slug}`: one of the site's standalone pages (About, Now, Colophon…; ADR 075),
 * published, or a draft for its author and the administrators (else the 404 page). Complete
 * without JavaScript: the title and the Markdown body rendered on the server, in the page's
 * language, with the description, canonical link and Open Graph/Twitter tags of a shared link.
 * Drafts are not indexed.
 */
import type { Route } from "./+types/site-page";
import { excerpt } from "#shared/markdown/plain-text.ts";
import { SOCIAL_IMAGE_SIZE } from "#shared/site/site-files.ts";
import { Markdown } from "../../components/records/markdown.tsx";
import { findSitePage } from "../../api/records/site-pages.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { markdownHtml } from "../../lib/routes/markdown.server.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { appName, findOr404, routeContext } from "../../lib/routes/route-data.ts";
import { socialImageUrl } from "../../lib/routes/site-identity.server.ts";
import { absoluteUrl, siteOrigin } from "../../lib/routes/site-url.ts";
import { isoDate, socialMeta } from "../../lib/routes/social-meta.ts";
import { paths } from "../../lib/paths.ts";
import type { IntentHandle } from "../../lib/document/hydrate-on-intent.ts";

/** A reading page: a guest's hydrates on intent (ADR 050). */
export const handle: IntentHandle = { hydrateOnIntent: true };

/** Title, description, canonical link, Open Graph and Twitter tags; drafts are not indexed. */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { page, canonical, siteName, description, socialImage } = loaderData;
  return [
    ...pageMeta({ loaderData: { title: page.title }, matches }),
    ...socialMeta({
      title: page.title,
      description,
      url: canonical,
      siteName,
      type: "article",
      locale: page.lang,
      image: socialImage ? { url: socialImage, ...SOCIAL_IMAGE_SIZE } : undefined,
      modifiedTime: isoDate(page.updated),
      noindex: !page.published,
    }),
  ];
}

/** The page, through the API's view rule. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api } = routeContext(context);
  const origin = siteOrigin(context, request);
  const url = new URL(request.url);
  const record = await findOr404(context, url, () => findSitePage(api, params.slug));
  // The text travels as the server's HTML (ADR 050).
  const { content } = record;
  return {
    page: {
      id: record.id,
      title: record.title,
      lang: record.lang,
      updated: record.updated,
      published: record.status === "published",
    },
    html: markdownHtml(context, content, record.lang),
    description: record.description || excerpt(content, 160),
    siteName: appName(context),
    canonical: absoluteUrl(origin, paths.page(record.slug)),
    // Link previews show the site's social image (ADR 069).
    socialImage: socialImageUrl(context, origin),
  };
}

/** The page's title and text. */
export default function SitePage({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { page, html } = loaderData;
  return (
    <article className="mx-auto max-w-prose" lang={page.lang} data-testid="site-page">
      {!page.published && (
        <p
          role="note"
          className="mb-6 rounded border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
        >
          {t("content:sitePage.draftNotice")}
        </p>
      )}
      <h1 className="font-serif text-4xl font-semibold text-stone-900">{page.title}</h1>
      <Markdown html={html} lang={page.lang} className="mt-6" />
    </article>
  );
}
