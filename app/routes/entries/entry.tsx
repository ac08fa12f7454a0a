/** `/entry/{username}/{name}`: one entry, if the visitor may read it (else 404). */
import { useAppTranslation } from "../../lib/i18n.ts";
import { Link } from "react-router";
import type { Route } from "./+types/entry";
import { Markdown } from "../../components/records/markdown.tsx";
import { TagList } from "../../components/records/record-body.tsx";
import { collectionHref } from "../../components/records/record-lists.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { FormattedDate } from "../../components/ui/formatted-date.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { findEntry } from "../../lib/records.ts";
import { findOr404, routeContext } from "../../lib/route-data.ts";

/** Title: the entry's. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The entry, through the API's view rule. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { pb } = routeContext(context);
  const entry = await findOr404(context, new URL(request.url), () =>
    findEntry(pb, params.username, params.name),
  );
  return { title: entry.title, entry, username: params.username };
}

/** The entry page. */
export default function Entry({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { user } = useSession();
  const { entry, username } = loaderData;
  const author = entry.expand?.author;
  const collection = entry.expand?.collection;
  return (
    <article className="mx-auto max-w-prose">
      <header className="mb-6">
        <h1 className="font-serif text-3xl font-bold sm:text-4xl">{entry.title}</h1>
        <p className="mt-2 text-stone-700">
          <FormattedDate value={entry.date || entry.created} />
          {author && (
            <>
              {" · "}
              <Link
                to={`/profile/${encodeURIComponent(author.username)}`}
                className="underline underline-offset-4"
              >
                {t("records:meta.by", { name: author.name || author.username })}
              </Link>
            </>
          )}
          {" · "}
          {t(`common:visibility.${entry.visibility}`)}
        </p>
        {collection && (
          <p className="mt-1 text-stone-700">
            {t("records:form.collection")}:{" "}
            <Link
              to={collectionHref(collection, username)}
              className="underline underline-offset-4"
            >
              {collection.title}
            </Link>
          </p>
        )}
      </header>
      {entry.content ? <Markdown text={entry.content} /> : <p>{t("records:entry.noContent")}</p>}
      <footer className="mt-8 flex flex-wrap items-center gap-4">
        <TagList tags={entry.tags} label={t("records:meta.tags")} />
        {user?.id === entry.author && (
          <ButtonLink
            to={`/entry/update/${encodeURIComponent(username)}/${encodeURIComponent(entry.name)}`}
            variant="secondary"
          >
            {t("records:entry.editLink")}
          </ButtonLink>
        )}
      </footer>
    </article>
  );
}
