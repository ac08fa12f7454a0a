/**
 * A user's avatar: the 200x200 thumbnail of their avatar file, else their initials (from the
 * name, else the username), else nothing (spec §3).
 */
import { useAppTranslation } from "../../lib/i18n.ts";
import { avatarUrl } from "../../lib/api-client.ts";

/** Initials of a name or username: "Ada Lovelace" → "AL", "bob" → "B". */
export function initials(text: string): string {
  const words = text
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return letters
    .map((word) => Array.from(word ?? "")[0] ?? "")
    .join("")
    .toUpperCase();
}

/** The avatar of a user, `size` pixels wide (default 32). */
export function Avatar(props: {
  user: { id: string; collectionId: string; avatar: string; name: string; username: string };
  size?: number;
  /** Whether a screen reader should hear it (off when a visible name is next to it). */
  decorative?: boolean;
}) {
  const { t } = useAppTranslation();
  const { user, size = 32, decorative = true } = props;
  const label = user.name || user.username;
  const src = avatarUrl(user);
  const style = { width: size, height: size };
  if (src) {
    return (
      <img
        src={src}
        alt={decorative ? "" : t("avatar.alt", { name: label })}
        width={size}
        height={size}
        style={style}
        className="shrink-0 rounded-full object-cover"
      />
    );
  }
  if (!label) return null;
  return (
    <span
      aria-hidden={decorative ? true : undefined}
      role={decorative ? undefined : "img"}
      aria-label={decorative ? undefined : t("avatar.alt", { name: label })}
      style={{ ...style, fontSize: Math.round(size * 0.4) }}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-amber-800 font-semibold text-white"
    >
      {initials(label)}
    </span>
  );
}
