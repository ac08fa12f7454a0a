/**
 * Long dates ("November 28, 2026", "28 novembre 2026") in the two interface languages,
 * without `Intl`. The first `Intl.DateTimeFormat` a page makes costs Chromium 40–80 ms of
 * main thread (it loads ICU's calendar data), which every reading page paid while hydrating
 * its list dates: the largest single piece of a guest's blocking time (ADR 050). The words are
 * exactly ICU's (`dateStyle: "long"`, UTC), which `long-date.test.ts` checks day by day
 * against `Intl`; any other language goes to `Intl`.
 */

const MONTHS = {
  en: [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
  fr: [
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
  ],
} as const;

/** The long-date formatters made for languages other than the two above, one each. */
const fallbacks = new Map<string, Intl.DateTimeFormat>();

/** `date` as a long date (UTC) in `locale`: ICU's wording, without `Intl` for `en` and `fr`. */
export function formatLongDate(date: Date, locale: string): string {
  const day = date.getUTCDate();
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  // ICU writes years before 1000 and after 9999 its own way; they are not ours to guess.
  if (year >= 1000 && year <= 9999) {
    if (locale === "en") return `${MONTHS.en[month] ?? ""} ${String(day)}, ${String(year)}`;
    if (locale === "fr") return `${String(day)} ${MONTHS.fr[month] ?? ""} ${String(year)}`;
  }
  let format = fallbacks.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
    // Locales come from a short list, but a bound costs nothing.
    if (fallbacks.size >= 16) fallbacks.clear();
    fallbacks.set(locale, format);
  }
  return format.format(date);
}
