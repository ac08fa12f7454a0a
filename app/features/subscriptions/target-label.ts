/**
 * How a subscription's target is named on the manage and subscribers pages: the blog, an
 * author or a collection, by its name when it is known.
 */
import type { AppT } from "../../lib/i18n/i18n.ts";

/** What kind of thing a target (`blog`, `author:<id>`, `collection:<id>`) follows. */
export function targetKind(target: string): "blog" | "author" | "collection" {
  if (target.startsWith("author:")) return "author";
  if (target.startsWith("collection:")) return "collection";
  return "blog";
}

/** The target's words: "The blog", "Posts by Ada", "The collection Travel". */
export function targetLabel(t: AppT, target: string, name: string): string {
  const kind = targetKind(target);
  if (kind === "blog") return t("subscriptions:targets.blog");
  return name
    ? t(`subscriptions:targets.${kind}`, { name })
    : t(`subscriptions:targets.${kind}Unnamed`);
}
