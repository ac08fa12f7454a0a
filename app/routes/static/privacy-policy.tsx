/** `/privacyPolicy`: what this self-hosted journal stores, why, and the reader's rights. */
import { useAppTranslation } from "../../lib/i18n.ts";
import type { Route } from "./+types/privacy-policy";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { routeContext } from "../../lib/route-data.ts";

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The page title. */
export function loader({ context }: Route.LoaderArgs) {
  const { t } = routeContext(context);
  return { title: t("pages:privacy.title"), description: t("pages:privacy.intro") };
}

const SECTIONS = ["collected", "purpose", "visibility", "cookies", "rights", "contact"] as const;

/** The privacy policy. */
export default function PrivacyPolicy() {
  const { t } = useAppTranslation();
  return (
    <article className="prose prose-stone max-w-prose">
      <PageHeader title={t("pages:privacy.title")} intro={t("pages:privacy.updated")} />
      <p>{t("pages:privacy.intro")}</p>
      {SECTIONS.map((section) => (
        <section key={section} aria-labelledby={`privacy-${section}`}>
          <h2 id={`privacy-${section}`}>{t(`pages:privacy.${section}Title`)}</h2>
          <p>{t(`pages:privacy.${section}`)}</p>
        </section>
      ))}
    </article>
  );
}
