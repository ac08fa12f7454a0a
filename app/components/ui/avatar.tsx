/**
 * A user's avatar (spec §3, §7): the 200x200 thumbnail of their avatar file from the Files API,
 * else their initials (from the name, else the username) on a colour derived from the
 * username, else nothing. The colour is always dark enough for white letters to meet WCAG AA
 * (contrast 4.5:1 or more).
 */
import { useState } from "react";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { files } from "../../lib/paths.ts";

/** Id of the `users` collection, whose file route serves avatars. */
const USERS_COLLECTION_ID = "_pb_users_auth_";

/** Named sizes in pixels: `small` in the header and lists, `large` on profiles and the team. */
export const AVATAR_SIZES = { small: 32, medium: 40, large: 96 } as const;

/** A named avatar size. */
export type AvatarSize = keyof typeof AVATAR_SIZES;

/** Minimum contrast between the white letters and the background (WCAG AA, normal text). */
const MIN_CONTRAST = 4.5;

/** Initials of a name or username: "Ada Lovelace" → "AL", "bob" → "B", "jean-luc" → "JL". */
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

/** 32-bit FNV-1a hash of a string: the same text gives the same colour everywhere. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (const char of text) {
    value ^= char.codePointAt(0) ?? 0;
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** `#rrggbb` of an HSL colour (hue in degrees, saturation and lightness in percent). */
function hslToHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((start) => {
    const value = parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between white and a `#rrggbb` colour. */
function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/**
 * The background colour of generated avatars for `seed` (the username): a hue and saturation
 * taken from its hash, darkened until white letters on it reach a 4.5:1 contrast.
 */
export function avatarColor(seed: string): string {
  const value = hash(seed.toLowerCase());
  const hue = value % 360;
  const saturation = 45 + ((value >>> 9) % 25);
  for (let lightness = 46; lightness > 0; lightness -= 1) {
    const color = hslToHex(hue, saturation, lightness);
    if (contrastWithWhite(color) >= MIN_CONTRAST) return color;
  }
  return "#000000";
}

/** The user fields an avatar needs (a `users` record, an expanded author or the account). */
export interface AvatarUser {
  id: string;
  /** Defaults to the `users` collection. */
  collectionId?: string;
  /** Avatar file name; empty or missing when none. */
  avatar?: string;
  name?: string;
  username?: string;
}

/**
 * The avatar of a user. `decorative` (default) hides it from screen readers because the
 * name is shown next to it; otherwise it is announced as "Avatar of {name}". Images load
 * eagerly at the `small` size (the header) and lazily otherwise, unless `loading` says.
 */
export function Avatar(props: {
  user: AvatarUser;
  size?: AvatarSize | number;
  decorative?: boolean;
  loading?: "eager" | "lazy";
}) {
  const { t } = useAppTranslation();
  const { user, size = "small", decorative = true } = props;
  const [failed, setFailed] = useState(false);
  const pixels = typeof size === "number" ? size : AVATAR_SIZES[size];
  const loading = props.loading ?? (size === "small" ? "eager" : "lazy");
  const label = user.name?.trim() || user.username?.trim() || "";
  const src = files.avatar({
    id: user.id,
    collectionId: user.collectionId || USERS_COLLECTION_ID,
    avatar: user.avatar ?? "",
  });
  const alt = decorative || !label ? "" : t("avatar.alt", { name: label });
  const box = { width: pixels, height: pixels };

  if (src && !failed) {
    return (
      <img
        src={src}
        alt={alt}
        width={pixels}
        height={pixels}
        loading={loading}
        decoding="async"
        style={box}
        onError={() => {
          setFailed(true);
        }}
        className="shrink-0 rounded-full bg-stone-200 object-cover"
      />
    );
  }
  if (!label) return null;
  return (
    <span
      aria-hidden={decorative ? true : undefined}
      role={decorative ? undefined : "img"}
      aria-label={decorative ? undefined : alt}
      data-avatar="initials"
      style={{
        ...box,
        fontSize: Math.max(12, Math.round(pixels * 0.4)),
        backgroundColor: avatarColor(user.username?.trim() || label),
      }}
      className="inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold leading-none text-[#fff]"
    >
      {initials(label)}
    </span>
  );
}
