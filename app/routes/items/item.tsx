/** `/i/{code}` (admins and superusers): one item. */
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import type { Route } from "./+types/item";
import { Markdown } from "../../components/records/markdown.tsx";
import { TagList } from "../../components/records/record-body.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { FormattedDate } from "../../components/ui/formatted-date.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { DeleteItem } from "../../features/admin/delete-item.tsx";
import { pageMeta } from "../../lib/routes/meta.ts";
import { findItem } from "../../api/records/record-pages.ts";
import { markdownHtml } from "../../lib/routes/markdown.server.ts";
import { findOr404, requireAdmin, routeContext } from "../../lib/routes/route-data.ts";
import { paths } from "../../lib/paths.ts";

/** Whether an item's JSON data holds anything worth showing. */
function hasData(value: unknown): boolean {
  return value !== null && value !== undefined && value !== "";
}

/** Title: the item's name. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The item. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { api } = routeContext(context);
  const item = await findOr404(context, new URL(request.url), () => findItem(api, params.code));
  // The description is shown from the server's HTML (ADR 050).
  return { title: item.name, item, html: markdownHtml(context, item.description) };
}

/** The item page. */
export default function Item({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { item } = loaderData;
  return (
    <>
      <PageHeader
        title={item.name}
        intro={<span className="font-mono">{item.code}</span>}
        actions={
          <>
            <ButtonLink to={paths.itemUpdate(item.code)} variant="secondary">
              {t("records:items.editLink")}
            </ButtonLink>
            <DeleteItem item={item} />
          </>
        }
      />
      <dl className="mb-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="font-semibold">{t("records:items.status")}</dt>
        <dd>{t(`records:items.${item.status}`)}</dd>
        <dt className="font-semibold">{t("records:meta.date")}</dt>
        <dd>
          <FormattedDate value={item.updated} />
        </dd>
      </dl>
      {loaderData.html && <Markdown html={loaderData.html} />}
      <div className="mt-6">
        <TagList tags={item.tags} label={t("records:meta.tags")} />
      </div>
      {hasData(item.data) && (
        <section aria-labelledby="item-data" className="mt-6">
          <h2 id="item-data" className="mb-2 font-semibold">
            {t("records:items.data")}
          </h2>
          <pre className="overflow-x-auto rounded bg-stone-100 p-4 text-sm">
            {JSON.stringify(item.data, null, 2)}
          </pre>
        </section>
      )}
    </>
  );
}
