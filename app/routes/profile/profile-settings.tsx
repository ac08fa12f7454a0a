/**
 * `/profileSettings` (signed in): name, biography and language of the account. Superusers
 * have no profile to edit: they see their email only.
 */
import { useAppTranslation } from "../../lib/i18n.ts";
import type { Route } from "./+types/profile-settings";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { RecordForm } from "../../features/records/record-form.tsx";
import { pageMeta } from "../../lib/meta.ts";
import type { UserRecord } from "../../lib/records.ts";
import { requireUser, routeContext } from "../../lib/route-data.ts";

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The account's own record. */
export async function loader({ context }: Route.LoaderArgs) {
  const { pb, t } = routeContext(context);
  const user = requireUser(context);
  const record =
    user.collectionName === "users"
      ? await pb.collection("users").getOne<UserRecord>(user.id)
      : null;
  return {
    title: t("records:settings.title"),
    email: user.email,
    profile: record && {
      id: record.id,
      username: record.username,
      name: record.name,
      bio: record.bio,
      locale: record.locale,
    },
  };
}

/** The settings page. */
export default function ProfileSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { profile, email } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={t("records:settings.title")} intro={t("records:settings.intro")} />
      <p className="mb-4 text-stone-700">{email}</p>
      {profile && (
        <RecordForm
          collection="users"
          recordId={profile.id}
          fields={[
            {
              name: "name",
              label: t("records:form.displayName"),
              kind: "text",
              value: profile.name,
            },
            { name: "bio", label: t("records:form.bio"), kind: "textarea", value: profile.bio },
            {
              name: "locale",
              label: t("records:settings.language"),
              kind: "select",
              options: [
                { value: "en", label: t("common:languages.en") },
                { value: "fr", label: t("common:languages.fr") },
              ],
              value: profile.locale || "en",
            },
          ]}
          submitLabel={t("common:actions.save")}
          redirectTo={() => `/profile/${encodeURIComponent(profile.username)}`}
        />
      )}
    </div>
  );
}
