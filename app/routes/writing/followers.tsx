/**
 * `/writing/followers`: a writer's followers on the fediverse (issue 27, ADR 071): their
 * handle with a copy button, the count and list of followers (name, handle, link, since),
 * the held follows to approve or refuse when they approve new followers themselves (a
 * setting here), removing or blocking a follower, blocking a domain and lifting blocks; all
 * through `/api/fediverse/*`. Works without JavaScript (form posts, post/redirect/get). The
 * writer guard answers 403 to accounts that do not write; a superuser is told they have none.
 */
import type { Route } from "./+types/followers";
import { isSuperuser } from "../../api/auth/session.ts";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { FormMessage } from "../../components/ui/form-field.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { FediverseHandle } from "../../features/fediverse/fediverse-handle.tsx";
import {
  ApproveSetting,
  Blocks,
  FollowerList,
  HeldFollows,
} from "../../features/fediverse/follower-list.tsx";
import {
  FOLLOWER_OUTCOMES,
  followersAction,
  loadFollowers,
} from "../../features/fediverse/followers-data.server.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { paths } from "../../lib/paths.ts";
import { requireUser, routeContext } from "../../lib/routes/route-data.ts";
import { siteOrigin } from "../../lib/routes/site-url.ts";

/** Title; never indexed (a person's own page). */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args), { name: "robots", content: "noindex" }];
}

/** The writer's handle, followers, held follows, blocks and setting. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { t } = routeContext(context);
  const user = requireUser(context, request);
  const done = new URL(request.url).searchParams.get("done");
  const page = {
    title: t("fediverse:followers.title"),
    description: t("fediverse:followers.intro"),
    outcome: FOLLOWER_OUTCOMES.find((known) => known === done) ?? null,
  };
  if (isSuperuser(user)) return { ...page, followers: null };
  return { ...page, followers: await loadFollowers(context, user, siteOrigin(context, request)) };
}

/** Approves, refuses, removes or blocks a follower, blocks a domain, lifts a block, saves. */
export async function action({ request, context }: Route.ActionArgs) {
  requireUser(context, request);
  return followersAction(context, request);
}

/** The page. */
export default function Followers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { followers, outcome } = loaderData;
  return (
    <>
      <PageHeader
        title={t("fediverse:followers.title")}
        intro={t("fediverse:followers.intro")}
        actions={
          <ButtonLink to={paths.writing()} variant="secondary">
            {t("fediverse:followers.back")}
          </ButtonLink>
        }
      />
      {outcome && (
        <FormMessage kind="success">{t(`fediverse:followers.done.${outcome}`)}</FormMessage>
      )}
      {actionData && !actionData.field && (
        <FormMessage kind="error">{actionData.message}</FormMessage>
      )}
      {followers === null ? (
        <p className="text-stone-700">{t("fediverse:followers.notWriter")}</p>
      ) : (
        <>
          <FediverseHandle handle={followers.handle} />
          <ApproveSetting approve={followers.approve} />
          <HeldFollows held={followers.held} />
          <FollowerList followers={followers.followers} total={followers.total} />
          <Blocks
            blocks={followers.blocks}
            domainError={actionData?.field === "domain" ? actionData.message : undefined}
          />
        </>
      )}
    </>
  );
}
