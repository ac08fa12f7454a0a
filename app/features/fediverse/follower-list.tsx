/**
 * The parts of `/writing/followers` (issue 27, ADR 071): the "approve new followers myself"
 * setting, the held follows (approve or refuse), the followers (name, handle, link, since;
 * remove or block one), blocking a domain, and the blocks (lift one). Every change is a small
 * form posting to the page's action, so the page works without JavaScript.
 */
import { Form } from "react-router";
import type { FediverseBlock, Follower } from "../../api/fediverse/fediverse.ts";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { Checkbox, TextInput } from "../../components/ui/form-controls.tsx";
import { FormattedDate } from "../../components/ui/formatted-date.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";

const LINK_BUTTON =
  "rounded px-1 text-sm font-semibold text-amber-900 underline underline-offset-4";
const DANGER_BUTTON =
  "rounded px-1 text-sm font-semibold text-red-800 underline underline-offset-4";

/** A one-button form posting `intent` for a follower. */
function FollowerButton(props: {
  intent: string;
  follower: Follower;
  label: string;
  accessibleLabel: string;
  danger?: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="follower" value={props.follower.id} />
      <button
        type="submit"
        className={props.danger ? DANGER_BUTTON : LINK_BUTTON}
        aria-label={props.accessibleLabel}
      >
        {props.label}
      </button>
    </Form>
  );
}

/** One follower: name (a link to their profile), handle, since when, and the actions. */
function FollowerRow({ follower, held }: { follower: Follower; held: boolean }) {
  const { t } = useAppTranslation();
  const name = follower.name || follower.handle;
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-stone-200 py-3">
      <div className="min-w-0">
        <a
          href={follower.url || follower.id}
          rel="nofollow ugc noopener"
          className="font-semibold text-stone-900 underline underline-offset-4"
        >
          {name}
        </a>{" "}
        <span className="text-sm break-all text-stone-700">{follower.handle}</span>
        <p className="text-sm text-stone-700">
          {t("fediverse:followers.since")} <FormattedDate value={follower.created} />
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        {held ? (
          <>
            <FollowerButton
              intent="approve"
              follower={follower}
              label={t("fediverse:followers.approve")}
              accessibleLabel={t("fediverse:followers.approveLabel", { name })}
            />
            <FollowerButton
              intent="reject"
              follower={follower}
              label={t("fediverse:followers.reject")}
              accessibleLabel={t("fediverse:followers.rejectLabel", { name })}
              danger
            />
          </>
        ) : (
          <FollowerButton
            intent="remove"
            follower={follower}
            label={t("fediverse:followers.remove")}
            accessibleLabel={t("fediverse:followers.removeLabel", { name })}
            danger
          />
        )}
        <FollowerButton
          intent="block"
          follower={follower}
          label={t("fediverse:followers.block")}
          accessibleLabel={t("fediverse:followers.blockLabel", { name })}
          danger
        />
      </div>
    </li>
  );
}

/** The "approve new followers myself" setting. */
export function ApproveSetting({ approve }: { approve: boolean }) {
  const { t } = useAppTranslation();
  return (
    <Form method="post" className="mt-6 flex flex-wrap items-center gap-4">
      <input type="hidden" name="intent" value="settings" />
      <Checkbox
        name="approve"
        label={t("fediverse:followers.approveSetting")}
        defaultChecked={approve}
      />
      <button type="submit" className={buttonClass.secondary}>
        {t("fediverse:followers.save")}
      </button>
    </Form>
  );
}

/** The held follows, when there are any. */
export function HeldFollows({ held }: { held: Follower[] }) {
  const { t } = useAppTranslation();
  if (held.length === 0) return null;
  return (
    <section aria-labelledby="held-follows" className="mt-8">
      <h2 id="held-follows" className="text-lg font-semibold text-stone-900">
        {t("fediverse:followers.held", { count: held.length })}
      </h2>
      <ul className="mt-2">
        {held.map((follower) => (
          <FollowerRow key={follower.id} follower={follower} held />
        ))}
      </ul>
    </section>
  );
}

/** The followers and their count. */
export function FollowerList({ followers, total }: { followers: Follower[]; total: number }) {
  const { t } = useAppTranslation();
  return (
    <section aria-labelledby="followers" className="mt-8">
      <h2 id="followers" className="text-lg font-semibold text-stone-900">
        {t("fediverse:followers.count", { count: total })}
      </h2>
      {followers.length === 0 ? (
        <p className="mt-2 text-stone-700">{t("fediverse:followers.none")}</p>
      ) : (
        <ul className="mt-2">
          {followers.map((follower) => (
            <FollowerRow key={follower.id} follower={follower} held={false} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Blocking a domain, and the blocks with a way to lift each. */
export function Blocks({
  blocks,
  domainError,
}: {
  blocks: FediverseBlock[];
  domainError?: string;
}) {
  const { t } = useAppTranslation();
  return (
    <section aria-labelledby="blocks" className="mt-8">
      <h2 id="blocks" className="text-lg font-semibold text-stone-900">
        {t("fediverse:followers.blocks")}
      </h2>
      <Form method="post" className="mt-2 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="block-domain" />
        <TextInput
          name="domain"
          label={t("fediverse:followers.domain")}
          hint={t("fediverse:followers.domainHint")}
          error={domainError}
          autoComplete="off"
          required
        />
        <button type="submit" className={buttonClass.secondary}>
          {t("fediverse:followers.blockDomain")}
        </button>
      </Form>
      {blocks.length === 0 ? (
        <p className="mt-4 text-stone-700">{t("fediverse:followers.noBlocks")}</p>
      ) : (
        <ul className="mt-4">
          {blocks.map((block) => (
            <li
              key={`${block.kind}:${block.value}`}
              className="flex flex-wrap items-baseline justify-between gap-3 border-b border-stone-200 py-2"
            >
              <span className="break-all text-stone-900">
                {block.kind === "domain"
                  ? t("fediverse:followers.blockedDomain", { value: block.value })
                  : block.value}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="unblock" />
                <input type="hidden" name="kind" value={block.kind} />
                <input type="hidden" name="value" value={block.value} />
                <button
                  type="submit"
                  className={LINK_BUTTON}
                  aria-label={t("fediverse:followers.unblockLabel", { value: block.value })}
                >
                  {t("fediverse:followers.unblock")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
