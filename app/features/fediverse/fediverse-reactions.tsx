/**
 * Under a post, what the fediverse made of it (issue 27 item 4): "3 likes and 2 boosts from
 * the fediverse", each count in its language's plural; nothing at all while both are zero.
 */
import type { ReactionCounts } from "../../api/fediverse/fediverse.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";

/** A post's likes and boosts from the fediverse, as one sentence. */
export function FediverseReactions({ counts }: { counts: ReactionCounts }) {
  const { t } = useAppTranslation();
  const parts = [
    counts.likes > 0 ? t("fediverse:reactions.likes", { count: counts.likes }) : "",
    counts.boosts > 0 ? t("fediverse:reactions.boosts", { count: counts.boosts }) : "",
  ].filter(Boolean);
  if (parts.length === 0) return null;
  const [first = "", second = ""] = parts;
  return (
    <p className="mt-4 text-sm text-stone-700" data-testid="fediverse-reactions">
      {parts.length === 2
        ? t("fediverse:reactions.both", { first, second })
        : t("fediverse:reactions.one", { what: first })}
    </p>
  );
}
