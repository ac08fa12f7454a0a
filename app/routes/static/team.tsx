/** `/team`: the users with the writer or admin role, from the API. */
import { useAppTranslation } from "../../lib/i18n.ts";
import { Link } from "react-router";
import type { Route } from "./+types/team";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { pageMeta } from "../../lib/meta.ts";
import type { UserRecord } from "../../lib/records.ts";
import { routeContext } from "../../lib/route-data.ts";

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** Writers and admins, by name. */
export async function loader({ context }: Route.LoaderArgs) {
  const { pb, t } = routeContext(context);
  const members = await pb.collection("users").getFullList<UserRecord>({
    filter: 'role = "writer" || role = "admin"',
    sort: "name,username",
    batch: 500,
  });
  return {
    title: t("pages:team.title"),
    description: t("pages:team.intro"),
    members: members.map(({ id, collectionId, username, name, avatar, role, bio }) => ({
      id,
      collectionId,
      username,
      name,
      avatar,
      role,
      bio,
    })),
  };
}

/** The team page. */
export default function Team({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  return (
    <>
      <PageHeader title={t("pages:team.title")} intro={t("pages:team.intro")} />
      {loaderData.members.length === 0 ? (
        <p className="text-stone-700">{t("pages:team.empty")}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {loaderData.members.map((member) => (
            <li key={member.id} className="flex gap-4 rounded border border-stone-200 bg-white p-4">
              <Avatar user={member} size={56} />
              <div>
                <h2 className="text-lg font-semibold">
                  <Link
                    to={`/profile/${encodeURIComponent(member.username)}`}
                    className="underline-offset-4 hover:underline"
                  >
                    {member.name || member.username}
                  </Link>
                </h2>
                <p className="text-sm text-stone-600">
                  {member.role === "admin" ? t("common:roles.admin") : t("common:roles.writer")}
                </p>
                {member.bio && <p className="mt-2 line-clamp-3 text-stone-800">{member.bio}</p>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
