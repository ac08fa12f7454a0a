/**
 * `/profileSettings`: the account's profile (avatar, name, username, biography, language),
 * its email address, its password and its deletion, rendered by the server with the
 * account's current values; every change goes from the browser through the SDK.
 * `?emailChange=TOKEN` (the link mailed to a new address) adds the confirmation step on
 * top, for visitors too: the link may be opened where nobody is logged in. Without that
 * link, visitors go to `/login`. Superusers have no profile: they see their email only.
 * The second factors (ADR 046, one section each, ADR 066), passkeys (ADR 052) and the devices
 * (ADR 053) sit between the password and the deletion.
 */
import type { Route } from "./+types/profile-settings";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { DeleteAccount, type OwnedCounts } from "../../features/account/delete-account.tsx";
import { Devices } from "../../features/account/devices.tsx";
import { EmailChangeConfirm } from "../../features/account/email-change-confirm.tsx";
import { EmailChangeRequest } from "../../features/account/email-change-request.tsx";
import { readLinkToken, usableLink } from "../../features/account/link-token.ts";
import { PasswordChange } from "../../features/account/password-change.tsx";
import { YourData } from "../../features/data/your-data.tsx";
import { CommentDigestForm } from "../../features/comments/comment-digest-form.tsx";
import { SecondFactorSettings } from "../../features/account/second-factors/second-factor-settings.tsx";
import { ProfileForm, type ProfileValues } from "../../features/account/profile-form.tsx";
import { PasskeySettings } from "../../features/account/passkeys-settings.tsx";
import { KeptPagesSetting } from "../../features/offline/kept-pages-setting.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import type { UserRecord } from "../../api/records/records.ts";
import { requireUser, routeContext } from "../../lib/routes/route-data.ts";
import { listPasskeys } from "../../api/auth/passkeys.ts";
import { readSecondFactorStatuses } from "../../api/auth/second-factors.ts";
import { countRecords, filterExpression, getRecord } from "../../api/records/record-reads.ts";

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The account's own record, how much it owns, and the emailed link being confirmed. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { api, t, user } = routeContext(context);
  const token = new URL(request.url).searchParams.get("emailChange");
  const emailChange =
    token === null
      ? null
      : (() => {
          const claims = readLinkToken(token, "emailChange");
          return {
            token,
            accountId: claims.id,
            newEmail: claims.newEmail,
            usable: usableLink(claims),
          };
        })();
  const title = t("records:settings.title");
  if (!user) {
    if (!emailChange) requireUser(context, request);
    return { title, user: null, emailChange, account: null, email: "" };
  }
  if (user.collectionName !== "users") {
    return { title, user: user.id, emailChange, account: null, email: user.email };
  }
  const byOwner = (field: string) => filterExpression(api, `${field} = {:id}`, { id: user.id });
  const total = (collection: string, field: string) =>
    countRecords(api, collection, byOwner(field));
  // A superuser viewing as the account gets nothing here (the API refuses their token).
  const factors = user.impersonated ? Promise.resolve(null) : readSecondFactorStatuses(api);
  const [record, entries, posts, collections, items, secondFactors, passkeys] = await Promise.all([
    getRecord<UserRecord & { email?: string; verified?: boolean; commentDigest?: boolean }>(
      api,
      "users",
      user.id,
    ),
    total("entries", "author"),
    total("posts", "author"),
    total("collections", "owner"),
    user.role === "admin" ? total("items", "owner") : Promise.resolve(0),
    factors,
    listPasskeys(api),
  ]);
  const profile: ProfileValues = {
    id: record.id,
    collectionId: record.collectionId,
    username: record.username,
    name: record.name,
    bio: record.bio,
    locale: record.locale,
    avatar: record.avatar,
  };
  const counts: OwnedCounts = { entries, posts, collections, items };
  return {
    title,
    user: user.id,
    emailChange,
    account: {
      profile,
      counts,
      secondFactors,
      passkeys,
      // Passkeys and second factors wait for a confirmed address (ADR 056).
      verified: record.verified === true,
      // Held comments in one daily digest (ADR 065).
      commentDigest: record.commentDigest === true,
    },
    email: record.email ?? user.email,
  };
}

/** The settings page. */
export default function ProfileSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { emailChange, account, email, user } = loaderData;
  return (
    <div className="mx-auto grid max-w-2xl gap-8">
      <PageHeader title={t("records:settings.title")} />
      {emailChange && <EmailChangeConfirm key={emailChange.token} {...emailChange} userId={user} />}
      {account ? (
        <>
          <ProfileForm key={account.profile.id} profile={account.profile} />
          <EmailChangeRequest email={email} />
          <PasswordChange
            userId={account.profile.id}
            identity={email || account.profile.username}
          />
          <YourData />
          <CommentDigestForm userId={account.profile.id} digest={account.commentDigest} />
          <SecondFactorSettings
            key={account.profile.id}
            statuses={account.secondFactors}
            identity={email || account.profile.username}
            verified={account.verified}
          />
          <PasskeySettings
            passkeys={account.passkeys}
            impersonated={account.secondFactors === null}
            verified={account.verified}
          />
          <Devices />
          <KeptPagesSetting account={account.profile.id} />
          <DeleteAccount
            userId={account.profile.id}
            username={account.profile.username}
            counts={account.counts}
          />
        </>
      ) : (
        user && <p className="text-stone-700">{t("account:settings.superuser", { email })}</p>
      )}
    </div>
  );
}
