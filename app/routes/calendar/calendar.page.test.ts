/**
 * "Remember" rendered by the app's HTTP server (issue 14): the calendar (`/calendar`) guarded
 * for visitors, a month table with weekday headers in the reader's language, days with own
 * entries linked (one entry → its page, several → the day's list), today marked, other months
 * by `?month=`, a day's list by `?day=`, another user's entries never shown; "On this day" and
 * the writing streak on the home page (pluralised in English and French, "On this day" hidden
 * when empty); the year heatmap on one's own profile only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { authCookie, type Login } from "#tests/helpers/pages.ts";
import { addDays, dayOf } from "../../features/remember/journal-days.ts";

const HOST = "journal.test";

describe.each(DIALECTS)("remember pages (%s)", (dialect) => {
  let app: TestApp;
  let alice: Login;
  let bob: Login;
  let paul: Login;
  const today = dayOf(Date.now());
  const month = today.slice(0, 7);
  const yearsAgo = (n: number) => `${String(Number(today.slice(0, 4)) - n)}${today.slice(4)}`;

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.http.inject({ method: "GET", url, headers: { host: HOST, ...headers } });

  beforeAll(async () => {
    app = await createTestApp(dialect);
    alice = await app.createUser({ username: "alice" });
    bob = await app.createUser({ username: "bob" });
    paul = await app.createUser({ username: "paul" });
    const entry = (who: Login, date: string, title: string, visibility = "private") =>
      app.seedRecord("entries", {
        author: String(who.record.id),
        date: `${date} 00:00:00.000Z`,
        title,
        content: "…",
        visibility,
      });
    // A three-day streak up to yesterday; two entries today-less; a busy day.
    await entry(alice, addDays(today, -1), "Yesterday's page");
    await entry(alice, addDays(today, -2), "Two days ago");
    await entry(alice, addDays(today, -3), "Three days ago");
    await entry(alice, addDays(today, -3), "Three days ago, again", "public");
    await entry(alice, addDays(today, -5), "Before the gap");
    // On this day, in earlier years (and one the day after, which must not show).
    await entry(alice, yearsAgo(1), "A year before");
    await entry(alice, yearsAgo(3), "Three years before");
    await entry(alice, addDays(yearsAgo(1), 1), "Not this day");
    await entry(bob, yearsAgo(2), "Bob's old day", "public");
    await entry(bob, addDays(today, -1), "Bob's yesterday", "public");
  });
  afterAll(async () => {
    await app.close();
  });

  describe("calendar", () => {
    it("sends visitors to the login page", async () => {
      const res = await page("/calendar?month=2026-01");
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/login?redirectTo=%2Fcalendar%3Fmonth%3D2026-01");
    });

    it("marks and links the days with own entries", async () => {
      const target = addDays(today, -3).slice(0, 7);
      const res = await page(`/calendar?month=${target}`, { cookie: authCookie(alice) });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<table");
      expect(res.body).toContain('<th scope="col" abbr="Monday"');
      // Several entries: the day's list; one entry: its page.
      expect(res.body).toContain(`href="/calendar?day=${addDays(today, -3)}"`);
      if (addDays(today, -2).slice(0, 7) === target)
        expect(res.body).toContain('href="/entry/alice/two-days-ago"');
      expect(res.body).not.toContain("Bob");
      expect(res.body).toContain('<meta name="robots" content="noindex"/>');
    });

    it("marks today, and moves by month", async () => {
      const res = await page("/calendar", { cookie: authCookie(alice) });
      expect(res.body).toContain('aria-current="date"');
      const [y, m] = month.split("-").map(Number) as [number, number];
      const previous = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
      expect(res.body).toContain(`href="/calendar?month=${previous}"`);
      // A bad month is the current one.
      const bad = await page("/calendar?month=2026-13", { cookie: authCookie(alice) });
      expect(bad.statusCode).toBe(200);
      expect(bad.body).toContain('aria-current="date"');
    });

    it("lists the entries of a day", async () => {
      const day = addDays(today, -3);
      const res = await page(`/calendar?day=${day}`, { cookie: authCookie(alice) });
      expect(res.body).toContain("Three days ago, again");
      expect(res.body).toContain('href="/entry/alice/three-days-ago"');
      const none = await page(`/calendar?day=${day}`, { cookie: authCookie(paul) });
      expect(none.body).toContain("No entry on this day.");
      expect(none.body).not.toContain("Three days ago");
    });

    it("shows a whole year, its days with entries linked to the day's list, never another's", async () => {
      const day = addDays(today, -3);
      const year = day.slice(0, 4);
      const res = await page(`/calendar?year=${year}`, { cookie: authCookie(alice) });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<title>Calendar: ${year}`);
      const months = res.body.match(/<table/g) ?? [];
      expect(months).toHaveLength(12);
      const link = new RegExp(`<a[^>]*href="/calendar\\?day=${day}"[^>]*>`).exec(res.body)?.[0];
      expect(link).toMatch(/aria-label="[^"]+, 2 entries"/);
      expect(res.body).toContain(`href="/calendar?month=${year}-01"`);
      expect(res.body).toContain(`href="/calendar?year=${String(Number(year) - 1)}"`);
      expect(res.body).not.toContain(`href="/calendar?day=${yearsAgo(2)}"`); // Bob's.
      const french = await page(`/calendar?year=${year}`, {
        cookie: `${authCookie(alice)}; locale=fr`,
      });
      expect(french.body).toContain(`<title>Calendrier\u00a0: ${year}`);
      expect(french.body).toContain("Année précédente");
    });

    it("offers a year view and a jump to any date, a form that needs no script", async () => {
      const res = await page(`/calendar?month=${month}`, { cookie: authCookie(alice) });
      expect(res.body).toContain(`href="/calendar?year=${month.slice(0, 4)}"`);
      const form = /<form[^>]*>/.exec(res.body.slice(res.body.indexOf("<main")))?.[0];
      expect(form).toMatch(/method="get"/);
      expect(form).toMatch(/action="\/calendar"/);
      const input = /<label[^>]*>Go to a date(<input[^>]*>)/.exec(res.body)?.[1];
      expect(input).toMatch(/type="date"/);
      expect(input).toMatch(/name="day"/);
      // An unknown year is the month view.
      const bad = await page("/calendar?year=12", { cookie: authCookie(alice) });
      expect(bad.statusCode).toBe(200);
      expect(bad.body.match(/<table/g) ?? []).toHaveLength(1);
    });

    it("speaks French, Monday first", async () => {
      const res = await page("/calendar?month=2026-06", {
        cookie: `${authCookie(alice)}; locale=fr`,
      });
      expect(res.body).toContain('<html lang="fr"');
      expect(res.body).toMatch(/<th scope="col" abbr="lundi"[^>]*>lun\.?<\/th>/);
      expect(res.body).toContain("juin 2026");
    });
  });

  describe("home", () => {
    it("shows the streak and On this day, newest year first", async () => {
      const res = await page("/", { cookie: authCookie(alice) });
      expect(res.body).toContain("3 days in a row");
      expect(res.body).toContain("Write today to keep it going.");
      expect(res.body).toContain("On this day");
      const oneYear = res.body.indexOf("1 year ago");
      const threeYears = res.body.indexOf("3 years ago");
      expect(oneYear).toBeGreaterThan(0);
      expect(threeYears).toBeGreaterThan(oneYear);
      expect(res.body).toContain('href="/entry/alice/a-year-before"');
      expect(res.body).not.toContain("Not this day");
      expect(res.body).not.toContain("Bob&#x27;s old day");
      const fr = await page("/", { cookie: `${authCookie(alice)}; locale=fr` });
      expect(fr.body).toContain("3 jours d&#x27;affilée");
      expect(fr.body).toContain("Il y a 1 an");
      expect(fr.body).toContain("Il y a 3 ans");
    });

    it("hides On this day when there is nothing, and counts one day for bob", async () => {
      const res = await page("/", { cookie: authCookie(paul) });
      expect(res.body).not.toContain("On this day");
      expect(res.body).toContain("No streak yet");
      const bobs = await page("/", { cookie: authCookie(bob) });
      expect(bobs.body).toContain("1 day in a row");
      expect(bobs.body).toContain("2 years ago");
    });
  });

  describe("profile heatmap", () => {
    it("shows on one's own profile only", async () => {
      const own = await page("/profile/alice", { cookie: authCookie(alice) });
      expect(own.body).toContain('data-testid="year-heatmap"');
      expect(own.body).toContain("6 entries in the last 365 days");
      expect(own.body).toContain('role="img"');
      // One square per day, counted inside the heatmap (the header's icons draw rects too).
      const heatmap = /<svg role="img"[\s\S]*?<\/svg>/.exec(
        own.body.slice(own.body.indexOf('data-testid="year-heatmap"')),
      )?.[0];
      expect((heatmap?.match(/<rect /g) ?? []).length).toBe(365);
      expect(own.body).toContain('data-level="2"');
      for (const cookie of [authCookie(bob), ""]) {
        const other = await page("/profile/alice", cookie ? { cookie } : {});
        expect(other.body).not.toContain("year-heatmap");
      }
    });
  });
});
