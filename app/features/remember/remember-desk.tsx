/**
 * "Remember" on the signed-in home page: the writing streak (consecutive days with an entry,
 * up to today or yesterday) and "On this day" (own entries of this month and day in earlier
 * years, the newest year first; hidden when there are none), with a link to the calendar.
 */
import { Link } from "react-router";
import { CalendarDays, Flame } from "lucide-react";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";
import type { PastEntry } from "./load-remember.ts";

/** What the home page loaded for "Remember". */
export interface RememberData {
  streak: number;
  /** Whether an entry is dated today (else the streak lives until tonight). */
  wroteToday: boolean;
  onThisDay: PastEntry[];
  username: string;
}

/** The streak and "On this day". */
export function RememberDesk({ data }: { data: RememberData }) {
  const { t } = useAppTranslation();
  return (
    <section aria-label={t("remember:streak.label")} className="grid gap-6 sm:grid-cols-2">
      <div className="rounded border border-stone-200 bg-white p-5" data-testid="writing-streak">
        <h2 className="flex items-center gap-2 font-serif text-xl font-semibold text-stone-900">
          <Flame aria-hidden="true" className="size-5 text-amber-800" />
          {t("remember:streak.label")}
        </h2>
        <p className="mt-2 text-2xl font-bold text-stone-900">
          {data.streak > 0 ? t("remember:streak.days", { count: data.streak }) : null}
        </p>
        <p className="text-stone-700">
          {data.streak === 0
            ? t("remember:streak.none")
            : data.wroteToday
              ? null
              : t("remember:streak.keepGoing")}
        </p>
        <Link
          to={paths.calendar()}
          className="mt-3 inline-flex items-center gap-2 font-semibold text-amber-900 underline underline-offset-4"
        >
          <CalendarDays aria-hidden="true" className="size-4" />
          {t("remember:calendar.link")}
        </Link>
      </div>
      {data.onThisDay.length > 0 && (
        <section
          aria-labelledby="on-this-day"
          className="rounded border border-stone-200 bg-white p-5"
        >
          <h2 id="on-this-day" className="font-serif text-xl font-semibold text-stone-900">
            {t("remember:onThisDay.heading")}
          </h2>
          <ul className="mt-2 grid gap-2">
            {data.onThisDay.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-baseline gap-x-3">
                <span className="text-sm font-semibold text-amber-900">
                  {t("remember:onThisDay.yearsAgo", { count: entry.yearsAgo })}
                </span>
                <Link
                  to={paths.entry(data.username, entry.name)}
                  className="min-w-0 text-stone-900 underline-offset-4 [overflow-wrap:anywhere] hover:underline"
                >
                  {entry.title || entry.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
