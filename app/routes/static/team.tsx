/**
 * `/team`: the users with the writer or admin role, from the API, administrators first. Each
 * card's name is an underlined link to the profile, and so is its avatar (one tab stop).
 */
import { Link } from "react-router";
import type { Route } from "./+types/team";
import { excerpt } from "#shared/markdown/plain-text.ts";
import { Avatar } from "../../components/ui/avatar.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import type { UserRecord } from "../../api/records/records.ts";
import { routeContext } from "../../lib/routes/route-data.ts";
import { paths } from "../../lib/paths.ts";
import type { IntentHandle } from "../../lib/document/hydrate-on-intent.ts";
import { listAllRecords } from "../../api/records/record-reads.ts";

/** Length of the biography excerpt on a card, in characters. */
const BIO_EXCERPT_LENGTH = 180;

/** A reading page: a guest's hydrates on intent (ADR 050). */
export const handle: IntentHandle = { hydrateOnIntent: true };

/** Title and description. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** Writers and admins (admins first, then by name), with what a card shows. */
export async function loader({ context }: Route.LoaderArgs) {
  const { api, t } = routeContext(context);
  const members = await listAllRecords<UserRecord>(api, "users", {
    filter: 'role = "writer" || role = "admin"',
    sort: "role,name,username",
    batch: 500,
  });
  return {
    title: t("content:team.title"),
    description: t("content:team.description"),
    members: members.map(({ id, collectionId, username, name, avatar, role, bio, locale }) => ({
      id,
      collectionId,
      username,
      name,
      avatar,
      role,
      bio: excerpt(bio, BIO_EXCERPT_LENGTH),
      /** The member's language, taken as the language of their biography. */
      lang: locale || undefined,
    })),
  };
}

/** The team page. */
export default function Team({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { members } = loaderData;
  return (
    <>
      <PageHeader title={t("content:team.title")} intro={t("content:team.intro")} />
      {members.length === 0 ? (
        <p className="rounded border border-dashed border-stone-300 bg-white p-6 text-stone-700">
          {t("content:team.empty")}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {members.map((member) => {
            const name = member.name || member.username;
            return (
              <li
                key={member.id}
                className="flex flex-col items-center rounded border border-stone-200 bg-white p-6 text-center"
              >
                {/* The avatar leads to the profile too, for the pointer only: the name is the
                    card's one tab stop and its one name for screen readers (issue 25 item 9). */}
                <Link
                  to={paths.profile(member.username)}
                  aria-hidden="true"
                  tabIndex={-1}
                  className="rounded-full"
                >
                  <Avatar user={member} size="large" />
                </Link>
                <h2 className="mt-4 font-serif text-xl font-semibold text-stone-900">
                  <Link
                    to={paths.profile(member.username)}
                    className="text-amber-900 underline underline-offset-4 hover:decoration-2"
                  >
                    {name}
                  </Link>
                </h2>
                {member.name && <p className="text-sm text-stone-700">@{member.username}</p>}
                <p className="mt-2 rounded-full bg-amber-100 px-3 py-0.5 text-sm font-medium text-amber-950">
                  {member.role === "admin" ? t("common:roles.admin") : t("common:roles.writer")}
                </p>
                {member.bio && (
                  <p
                    lang={member.lang}
                    className="mt-3 line-clamp-4 text-stone-800 [overflow-wrap:anywhere]"
                  >
                    {member.bio}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
