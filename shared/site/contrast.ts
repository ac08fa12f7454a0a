/**
 * Colour contrast (WCAG 2.x) and the accent colour's shades (ADR 069). Pure: the server checks a
 * chosen accent with it, the admin form shows the same verdict as one types, and the page head
 * gets the shades it computes. Colours are `#rrggbb`; lightness moves in OKLCH (perceptual), the
 * hue kept and the chroma reduced until the colour fits in sRGB.
 */

/** An sRGB colour, channels 0–1. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** WCAG AA for normal text. */
export const AA_RATIO = 4.5;

const HEX = /^#[0-9a-f]{6}$/i;

/** Whether `value` is `#rrggbb`. */
export function isHexColour(value: string): boolean {
  return HEX.test(value);
}

/** `#rrggbb` as channels 0–1. */
export function parseHex(hex: string): Rgb {
  if (!isHexColour(hex)) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(hex.slice(1), 16);
  return { r: ((n >> 16) & 255) / 255, g: ((n >> 8) & 255) / 255, b: (n & 255) / 255 };
}

/** Channels 0–1 (clamped) as lower-case `#rrggbb`. */
export function toHex({ r, g, b }: Rgb): string {
  const channel = (v: number) =>
    Math.round(Math.min(1, Math.max(0, v)) * 255)
      .toString(16)
      .padStart(2, "0");
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

const toLinear = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const fromLinear = (v: number) => (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);

/** WCAG relative luminance. */
export function luminance(colour: Rgb): number {
  return 0.2126 * toLinear(colour.r) + 0.7152 * toLinear(colour.g) + 0.0722 * toLinear(colour.b);
}

/** WCAG contrast ratio of two colours (1–21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** An OKLCH colour: lightness 0–1, chroma, hue in degrees. */
export interface Oklch {
  l: number;
  c: number;
  h: number;
}

/** OKLCH to sRGB channels (unclamped: out of gamut when a channel leaves 0–1). */
export function oklchToRgb({ l, c, h }: Oklch): Rgb {
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const l1 = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m1 = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s1 = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return {
    r: fromLinear(4.0767416621 * l1 - 3.3077115913 * m1 + 0.2309699292 * s1),
    g: fromLinear(-1.2684380046 * l1 + 2.6097574011 * m1 - 0.3413193965 * s1),
    b: fromLinear(-0.0041960863 * l1 - 0.7034186147 * m1 + 1.707614701 * s1),
  };
}

/** sRGB channels to OKLCH. */
export function rgbToOklch(colour: Rgb): Oklch {
  const r = toLinear(colour.r);
  const g = toLinear(colour.g);
  const b = toLinear(colour.b);
  const l1 = Math.cbrt(0.4122214708 * r + 0.5363075003 * g + 0.0514655965 * b);
  const m1 = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s1 = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const L = 0.2104542553 * l1 + 0.793617785 * m1 - 0.0040720468 * s1;
  const A = 1.9779984951 * l1 - 2.428592205 * m1 + 0.4505937099 * s1;
  const B = 0.0259040371 * l1 + 0.7827717662 * m1 - 0.808675766 * s1;
  const h = (Math.atan2(B, A) * 180) / Math.PI;
  return { l: L, c: Math.hypot(A, B), h: h < 0 ? h + 360 : h };
}

const inGamut = ({ r, g, b }: Rgb) => [r, g, b].every((v) => v >= -0.0005 && v <= 1.0005);

/** An OKLCH colour in sRGB: its chroma reduced (hue and lightness kept) until it fits. */
export function fitInSrgb(colour: Oklch): Rgb {
  let low = 0;
  let high = colour.c;
  if (inGamut(oklchToRgb(colour))) return oklchToRgb(colour);
  for (let i = 0; i < 24; i++) {
    const mid = (low + high) / 2;
    if (inGamut(oklchToRgb({ ...colour, c: mid }))) low = mid;
    else high = mid;
  }
  return oklchToRgb({ ...colour, c: low });
}

/** `hex` with its OKLCH lightness moved by `delta` (−1–1), as `#rrggbb`. */
export function shiftLightness(hex: string, delta: number): string {
  const colour = rgbToOklch(parseHex(hex));
  const l = Math.min(1, Math.max(0, colour.l + delta));
  return toHex(fitInSrgb({ ...colour, l }));
}

/** The grounds an accent is read on (`app/app.css`, ADR 051), as `#rrggbb`. */
export const GROUNDS = {
  /** Light theme: the page (`stone-50`). Cards are white, lighter still. */
  lightPage: toHex(oklchToRgb({ l: 0.985, c: 0.001, h: 106.423 })),
  /** White: cards, and the text of accent buttons in the light theme. */
  white: "#ffffff",
  /** Dark theme: cards and the text of accent buttons (`--color-white` there), the lighter ground. */
  darkCard: toHex(oklchToRgb({ l: 0.215, c: 0.006, h: 56 })),
  /** Dark theme: the page (`stone-50` there). */
  darkPage: toHex(oklchToRgb({ l: 0.165, c: 0.005, h: 49 })),
} as const;

/** Why an accent colour is refused: each failed check with its measured ratio. */
export interface AccentVerdict {
  ok: boolean;
  /** Contrast as text on the light theme's page. */
  onPage: number;
  /** Contrast under white button text. */
  underWhite: number;
}

/** Rounds a ratio down to two decimals (never shows 4.5 for 4.497). */
export function roundRatio(ratio: number): number {
  return Math.floor(ratio * 100) / 100;
}

/** Whether an accent meets AA as text on the light page and under white button text. */
export function judgeAccent(hex: string): AccentVerdict {
  const colour = parseHex(hex);
  const onPage = contrastRatio(colour, parseHex(GROUNDS.lightPage));
  const underWhite = contrastRatio(colour, parseHex(GROUNDS.white));
  return { ok: onPage >= AA_RATIO && underWhite >= AA_RATIO, onPage, underWhite };
}

/**
 * The dark theme's variant of an accent: the same hue, made lighter (in OKLCH) until it meets
 * AA on the dark theme's lighter ground (cards, and the dark text of accent buttons), which
 * covers the darker page too.
 */
export function darkVariant(hex: string): string {
  const colour = rgbToOklch(parseHex(hex));
  const ground = parseHex(GROUNDS.darkCard);
  for (let l = Math.max(colour.l, 0.5); l <= 1; l += 0.005) {
    const candidate = toHex(fitInSrgb({ ...colour, l }));
    if (contrastRatio(parseHex(candidate), ground) >= AA_RATIO) return candidate;
  }
  return "#ffffff";
}

/** The shades an accent gives each theme (the `amber` variables it replaces). */
export interface AccentShades {
  light: { 700: string; 800: string; 900: string; 950: string };
  dark: { 700: string; 800: string; 900: string; 950: string };
}

/** The light and dark shades of an accent (hover and strong shades one step further). */
export function accentShades(hex: string): AccentShades {
  const accent = hex.toLowerCase();
  const dark = darkVariant(accent);
  return {
    light: {
      700: accent,
      800: accent,
      900: shiftLightness(accent, -0.07),
      950: shiftLightness(accent, -0.14),
    },
    dark: {
      700: dark,
      800: dark,
      900: shiftLightness(dark, 0.06),
      950: shiftLightness(dark, 0.1),
    },
  };
}

/**
 * The style sheet that puts an accent in place of Cahier's amber, in both themes (the dark
 * selectors are `app/app.css`'s dark variant). Empty without an accent.
 */
export function accentStylesheet(hex: string): string {
  if (!isHexColour(hex)) return "";
  const { light, dark } = accentShades(hex);
  const vars = (shades: AccentShades["light"]) =>
    (["700", "800", "900", "950"] as const)
      .map((step) => `--color-amber-${step}:${shades[step]}`)
      .join(";");
  const darkVars = vars(dark);
  return (
    `:root{${vars(light)}}` +
    `@media screen{[data-theme=dark]{${darkVars}}}` +
    `@media screen and (prefers-color-scheme:dark){:root:not([data-theme=light]){${darkVars}}}`
  );
}
