/**
 * `/privacyPolicy`: what a self-hosted Cahier stores, who can read it, how long it is kept and
 * how to have it deleted, in the reader's language (the texts live in `app/content/`).
 */
import type { Route } from "./+types/privacy-policy";
import policyEn from "../../content/privacy-policy.en.tsx";
import policyFr from "../../content/privacy-policy.fr.tsx";
import {
  PRIVACY_POLICY_UPDATED,
  PRIVACY_SECTIONS,
  type PrivacyPolicyText,
} from "../../content/privacy-policy.tsx";
import { formatDate } from "../../components/ui/formatted-date.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { routeContext } from "../../lib/routes/route-data.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import type { IntentHandle } from "../../lib/document/hydrate-on-intent.ts";

const POLICIES: Record<Locale, PrivacyPolicyText> = { en: policyEn, fr: policyFr };

/** A reading page: a guest's hydrates on intent (ADR 050). */
export const handle: IntentHandle = { hydrateOnIntent: true };

/** Title and description. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The translated title and description (the text itself needs no data). */
export function loader({ context }: Route.LoaderArgs) {
  const { t } = routeContext(context);
  return { title: t("content:privacy.title"), description: t("content:privacy.description") };
}

/** The privacy policy. */
export default function PrivacyPolicy() {
  const { t } = useAppTranslation();
  const { locale } = useSession();
  const policy = POLICIES[locale];
  return (
    <article className="prose prose-stone mx-auto max-w-prose prose-headings:font-serif prose-h2:scroll-mt-6 prose-a:text-amber-900 prose-li:my-1 prose-code:font-normal prose-code:[overflow-wrap:anywhere] prose-code:before:content-none prose-code:after:content-none">
      <header className="not-prose mb-8">
        <h1 className="font-serif text-3xl font-bold text-stone-900 sm:text-4xl">
          {t("content:privacy.title")}
        </h1>
        <p className="mt-2 text-sm text-stone-700">
          {t("content:privacy.lastUpdated", {
            date: formatDate(PRIVACY_POLICY_UPDATED, locale),
          })}
        </p>
      </header>
      {policy.summary}
      <nav
        aria-labelledby="privacy-contents"
        className="not-prose my-8 rounded border border-stone-200 bg-white p-4"
      >
        <h2 id="privacy-contents" className="font-serif text-lg font-semibold text-stone-900">
          {t("content:privacy.contents")}
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-6 text-stone-800">
          {PRIVACY_SECTIONS.map((id) => (
            <li key={id}>
              <a href={`#${id}`} className="underline underline-offset-4 hover:text-amber-900">
                {policy.sections[id].title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {PRIVACY_SECTIONS.map((id) => (
        <section key={id} aria-labelledby={id}>
          <h2 id={id}>{policy.sections[id].title}</h2>
          {policy.sections[id].body}
        </section>
      ))}
    </article>
  );
}
