/**
 * Issue 24: the job queue's page (`/admin/jobs`). A superuser retries one failed job and
 * discards another (after confirming), each outcome announced and the focus on the list's
 * heading; the page has no serious or critical axe violation in light and dark, and fits a
 * 360 px screen (each job a card, still a row of the table).
 *
 * No kind of job the server runs fails on demand, so the failed jobs are written straight
 * into the suite server's database, under kinds of this test's own: no process runs them,
 * so the retried one stays queued.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { expect, test } from "@playwright/test";
import SqliteDatabase from "better-sqlite3";
import {
  CATALOGS,
  fill,
  groundIsDark,
  oneLanguage,
  open,
  signedIn,
  useLanguage,
} from "./support/app.ts";
import { dataDir } from "./support/environment.ts";
import { uniqueName } from "./support/test-accounts.ts";
import { seriousViolations } from "./support/axe.ts";

/** Stores a failed job of each kind, as the queue leaves one whose attempts are spent. */
function seedFailedJobs(kinds: readonly string[]): void {
  const db = new SqliteDatabase(path.join(dataDir(), "data.db"));
  try {
    db.pragma("busy_timeout = 10000");
    const now = new Date().toISOString().replace("T", " ");
    const insert = db.prepare(
      `INSERT INTO "_jobs" ("id", "kind", "payload", "key", "state", "runAt", "attempts", "maxAttempts", "lastError", "created", "updated")
       VALUES (?, ?, '{}', NULL, 'failed', ?, 5, 5, ?, ?, ?)`,
    );
    for (const kind of kinds)
      insert.run(randomUUID(), kind, now, `${kind}: the remote server said no`, now, now);
  } finally {
    db.close();
  }
}

for (const lang of oneLanguage("fr")) {
  test(`a superuser retries a failed job and discards another (${lang})`, async ({ browser }) => {
    const C = CATALOGS[lang].adminSystem.jobs;
    const run = uniqueName("e2e_");
    const retried = `${run}.retried`;
    const discarded = `${run}.discarded`;
    seedFailedJobs([retried, discarded]);
    const context = await browser.newContext({ ...signedIn("superuser"), colorScheme: "dark" });
    await useLanguage(context, lang);
    const page = await context.newPage();
    const row = (kind: string) =>
      page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: kind }) });

    await open(page, "/admin/jobs?state=failed");
    await expect(row(retried)).toContainText(`${retried}: the remote server said no`);
    expect(await groundIsDark(page)).toBe(true);
    expect(await seriousViolations(page), "dark").toEqual([]);
    await page.emulateMedia({ colorScheme: "light" });
    expect(await groundIsDark(page)).toBe(false);

    await row(retried).getByRole("button", { name: C.retry.button }).click();
    await expect(
      page.getByRole("status").filter({ hasText: fill(C.retry.done, { kind: retried }) }),
    ).toBeVisible();
    await expect(row(retried)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: C.heading.failed })).toBeFocused();
    expect(await seriousViolations(page), "light").toEqual([]);

    await row(discarded).getByRole("button", { name: C.discard.button }).click();
    const dialog = page.getByRole("dialog", { name: fill(C.discard.title, { kind: discarded }) });
    await expect(dialog).toContainText(C.discard.body);
    await dialog.getByRole("button", { name: C.discard.confirm }).click();
    await expect(
      page.getByRole("status").filter({ hasText: fill(C.discard.done, { kind: discarded }) }),
    ).toBeVisible();
    await expect(row(discarded)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: C.heading.failed })).toBeFocused();

    // The retried job waits again; the discarded one is gone. At 360 px each is a card.
    await page.setViewportSize({ width: 360, height: 740 });
    await open(page, "/admin/jobs");
    await expect(row(retried)).toContainText(C.states.queued);
    await expect(row(discarded)).toHaveCount(0);
    await expect
      .poll(() =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      )
      .toBe(0);
    await context.close();
  });
}
