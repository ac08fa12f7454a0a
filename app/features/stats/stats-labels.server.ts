/** The statistics pages' messages of a language, read on the server (see `stats-labels.ts`). */
import type { Locale } from "#shared/i18n/locales.ts";
import en from "#shared/i18n/catalogs/en/stats.ts";
import fr from "#shared/i18n/catalogs/fr/stats.ts";
import type { StatsLabels } from "./stats-labels.ts";

const LABELS: Record<Locale, StatsLabels> = { en, fr };

/** The messages of `locale`. */
export function statsLabels(locale: Locale): StatsLabels {
  return LABELS[locale];
}
