/**
 * `/admin/jobs` rendered by the app's HTTP server (issue 24): guests go to `/login`, accounts
 * but superusers (admin-role ones included) get 403; a superuser sees the counts of every
 * state (which are also the state filter), the jobs with their attempts and, for failed ones,
 * their error (inert) and Retry and Discard buttons, in English and in French; `?state=`
 * shows one state, an empty one says so, and an unknown one shows every job.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { authCookie, type Login } from "#tests/helpers/pages.ts";

type Counts = Record<"queued" | "running" | "failed" | "done", number>;

/** The text of the link to `href` (tags dropped), or `null` when the page has none. */
function linkText(html: string, href: string): string | null {
  const escaped = href.replace(/[?]/g, "\\?");
  const match = new RegExp(`<a[^>]*href="${escaped}"[^>]*>(.*?)</a>`).exec(html);
  return match ? (match[1] ?? "").replace(/<[^>]+>/g, "") : null;
}

/** The inside of the navigation landmark named `label`. */
function navBody(html: string, label: string): string {
  return new RegExp(`<nav aria-label="${label}"[^>]*>(.*?)</nav>`, "s").exec(html)?.[1] ?? "";
}

/** The `<tr>` rows of the page's table body. */
function rows(html: string): string[] {
  const body = /<tbody[^>]*>(.*?)<\/tbody>/s.exec(html)?.[1] ?? "";
  return body.match(/<tr[^>]*>.*?<\/tr>/gs) ?? [];
}

describe.each(DIALECTS)("jobs page (%s)", (dialect) => {
  let app: TestApp;
  let plain: Login;
  let admin: Login;
  let root: Login;

  const page = (url: string, who?: Login, locale = "en") =>
    app.http.inject({
      method: "GET",
      url,
      headers: { cookie: who ? `${authCookie(who)}; locale=${locale}` : `locale=${locale}` },
    });

  const counts = async (): Promise<Counts> => {
    const res = await app.http.inject({
      method: "GET",
      url: "/api/jobs",
      headers: { authorization: root.token },
    });
    return res.json<{ counts: Counts }>().counts;
  };

  beforeAll(async () => {
    app = await createTestApp(dialect);
    plain = await app.createUser({ username: "paul" });
    admin = await app.createUser({ username: "ada", role: "admin" });
    root = await app.createSuperuser();
    app.jobs.define({
      kind: "test.mail",
      maxAttempts: 1,
      run: () => Promise.reject(new Error("The mail server said <b>no</b>")),
    });
    app.jobs.define({
      kind: "test.inbox",
      maxAttempts: 1,
      run: () => Promise.reject(new Error("The inbox answered 503")),
    });
    app.jobs.define({ kind: "test.later", run: () => Promise.resolve() });
    await app.jobs.enqueue("test.mail", { to: "ada@example.com" });
    await app.jobs.enqueue("test.inbox", { to: "https://example.net/inbox" });
    await app.jobs.enqueue("test.later", {}, { runAt: new Date(Date.now() + 86_400_000) });
    await app.jobs.drain();
  });
  afterAll(async () => {
    await app.close();
  });

  it("sends guests to /login and answers 403 to every account but superusers", async () => {
    const guest = await page("/admin/jobs?state=failed");
    expect(guest.statusCode).toBe(302);
    expect(guest.headers.location).toBe("/login?redirectTo=%2Fadmin%2Fjobs%3Fstate%3Dfailed");
    for (const who of [plain, admin]) {
      const res = await page("/admin/jobs", who);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain("test.mail");
    }
  });

  it("shows the counts, the jobs and the failed ones' errors, in English", async () => {
    const expected = await counts();
    expect(expected.failed).toBe(2);
    const res = await page("/admin/jobs", root);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Jobs · Cahier</title>");
    expect(res.body).toContain(">Work the server does in the background");
    // The system pages' navigation leads here.
    expect(linkText(navBody(res.body, "System pages"), "/admin/jobs")).toBe("Jobs");
    const byState = navBody(res.body, "Jobs by state");
    const total = expected.queued + expected.running + expected.failed + expected.done;
    expect(linkText(byState, "/admin/jobs")).toBe(`All${String(total)}`);
    expect(linkText(byState, "/admin/jobs?state=failed")).toBe("Failed2");
    expect(linkText(byState, "/admin/jobs?state=queued")).toBe(`Queued${String(expected.queued)}`);
    expect(linkText(byState, "/admin/jobs?state=running")).toBe(
      `Running${String(expected.running)}`,
    );
    expect(linkText(byState, "/admin/jobs?state=done")).toBe(`Done${String(expected.done)}`);

    const mail = rows(res.body).find((row) => row.includes(">test.mail<"));
    expect(mail).toBeDefined();
    expect(mail).toContain(">Failed<");
    expect(mail).toContain("1 of 1");
    expect(mail).toContain("The mail server said &lt;b&gt;no&lt;/b&gt;");
    expect(mail).toContain('aria-label="Retry test.mail, failed ');
    expect(mail).toContain(">Discard<");
    expect(res.body).not.toContain("<b>no</b>");
    const later = rows(res.body).find((row) => row.includes(">test.later<"));
    expect(later).toContain(">Queued<");
    expect(later).toContain("0 of 5");
    expect(later).not.toContain(">Retry<");
  });

  it("speaks French", async () => {
    const res = await page("/admin/jobs?state=failed", root, "fr");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="fr"');
    expect(res.body).toContain("<title>Tâches · Cahier</title>");
    expect(res.body).toContain(">Tâches en échec<");
    expect(res.body).toContain(">2 tâches<");
    expect(linkText(navBody(res.body, "Tâches par état"), "/admin/jobs?state=failed")).toBe(
      "En échec2",
    );
    const inbox = rows(res.body).find((row) => row.includes(">test.inbox<"));
    expect(inbox).toContain(">En échec<");
    expect(inbox).toContain("1 sur 1");
    expect(inbox).toContain("The inbox answered 503");
    expect(inbox).toContain(">Dernière erreur<");
    expect(inbox).toContain('aria-label="Relancer test.inbox, en échec depuis le ');
    expect(inbox).toContain(">Abandonner<");
  });

  it("filters by state in the query string", async () => {
    const failed = await page("/admin/jobs?state=failed", root);
    expect(navBody(failed.body, "Jobs by state")).toMatch(
      /<a aria-current="page"[^>]*href="\/admin\/jobs\?state=failed"/,
    );
    expect(failed.body).toContain(">Failed jobs<");
    expect(
      rows(failed.body)
        .map((row) => /<th[^>]*>([^<]*)<\/th>/.exec(row)?.[1])
        .sort(),
    ).toEqual(["test.inbox", "test.mail"]);

    const queued = await page("/admin/jobs?state=queued", root);
    const kinds = rows(queued.body).map((row) => /<th[^>]*>([^<]*)<\/th>/.exec(row)?.[1]);
    expect(kinds).toContain("test.later");
    expect(kinds).not.toContain("test.mail");

    const running = await page("/admin/jobs?state=running", root);
    expect(running.statusCode).toBe(200);
    expect(running.body).toContain("No job is running right now.");
    expect(rows(running.body)).toEqual([]);

    // A state the API does not know shows every job, never a failed page.
    const unknown = await page("/admin/jobs?state=lost&page=0", root);
    expect(unknown.statusCode).toBe(200);
    expect(navBody(unknown.body, "Jobs by state")).toMatch(
      /<a aria-current="page"[^>]*href="\/admin\/jobs"/,
    );
    expect(unknown.body).toContain(">test.later<");
    expect(unknown.body).toContain(">test.mail<");
  });
});
