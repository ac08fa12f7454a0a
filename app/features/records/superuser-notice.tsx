/**
 * What a superuser sees instead of the forms that write entries, posts and collections: a
 * superuser is not a `users` record, so it can own none of them (the form's save could only
 * fail). It says so and points to the administration.
 */
import { useId } from "react";
import { ShieldCheck } from "lucide-react";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";

/** The page's title, then the notice and a link to `/admin`. */
export function SuperuserNotice(props: { title: string }) {
  const { t } = useAppTranslation();
  const headingId = useId();
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={props.title} />
      <section
        aria-labelledby={headingId}
        className="rounded border border-stone-300 bg-white p-6"
        data-testid="superuser-notice"
      >
        <h2 id={headingId} className="flex items-center gap-2 font-serif text-xl font-semibold">
          <ShieldCheck aria-hidden size={20} className="shrink-0 text-amber-800" />
          {t("records:superuserNotice.heading")}
        </h2>
        <p className="mt-2 text-stone-700">{t("records:superuserNotice.text")}</p>
        <p className="mt-4">
          <ButtonLink to={paths.admin()}>{t("records:superuserNotice.admin")}</ButtonLink>
        </p>
      </section>
    </div>
  );
}
