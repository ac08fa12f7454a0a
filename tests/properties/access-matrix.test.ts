/**
 * The generated access matrix (issue 17 item 6): every collection of the registry × every
 * action of the records API × every actor (guest, user, writer, admin, superuser, a suspended
 * user, a demoted writer), on every engine. The expected answer of each request comes from
 * the design's model (`tests/helpers/access-policy.ts`), never from the rule strings; the
 * status form follows PocketBase (a null rule is 403 for non-superusers; a failed rule filters
 * lists silently, answers 404 to view, update and delete and 400 to create).
 *
 * Records come from templates (each collection's states: visibilities, post states, owners);
 * deletes run on fresh copies so every actor meets every state. A collection added to the
 * registry without a policy and templates fails the suite. Every answer is checked for
 * secrets (password hashes, token keys) and users' addresses for their visibility.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allCollections, requireCollection } from "#server/core/collections/collection-lookup.ts";
import type { Collection } from "#server/core/models/collection.ts";
import { operatorRequest, type RecordData } from "#server/core/records/request-info.ts";
import {
  ACTORS,
  allowed,
  POLICIES,
  type Action,
  type Actor,
  type ActorName,
} from "#tests/helpers/access-policy.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

const PAST = "2020-01-02 03:04:05.000Z";
const FUTURE = "2999-01-01 00:00:00.000Z";
const PASSWORD = "password123";

/** A signed-in actor (or a guest) with the token its requests carry. */
interface Participant extends Actor {
  token: string | null;
}

/** The record of one state of a collection, made fresh each time (unique names). */
interface Template {
  label: string;
  make(): Promise<RecordData>;
}

/** How one collection is exercised: its states, an update body and a create body. */
interface CollectionCase {
  templates: Template[];
  /** A harmless change. */
  updateBody: RecordData;
  /** A body that an actor would send to create a record owned by `ownerId`. */
  createBody(ownerId: string): Promise<RecordData>;
  /** The status of a refused create, when a module refuses it rather than the rule (400). */
  createRefused?: number;
}

let sequence = 0;
const unique = (prefix: string) => `${prefix}${String(++sequence)}x${Date.now().toString(36)}`;

describe.each(DIALECTS)("generated access matrix (%s)", (dialect) => {
  let app: TestApp;
  const actors = {} as Record<ActorName, Participant>;
  const cases: Record<string, CollectionCase> = {};

  const seed = (collection: string, data: RecordData) =>
    app.records.create(requireCollection(collection), operatorRequest(), data);
  const setFields = (collection: string, id: string, data: RecordData) =>
    app.records.update(requireCollection(collection), operatorRequest(), id, data);

  const request = async (
    who: Participant,
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    payload?: RecordData,
  ) => {
    const res = await app.http.inject({
      method,
      url,
      headers: who.token ? { authorization: who.token } : {},
      ...(payload ? { payload } : {}),
    });
    // No answer ever carries a secret, whoever asks.
    expect(res.body).not.toMatch(/"(password|tokenKey|passwordHash)"\s*:/);
    expect(res.body).not.toMatch(/\$2[aby]\$\d\d\$/);
    expect(res.statusCode, `${method} ${url} as ${who.name}: ${res.body}`).toBeLessThan(500);
    return res;
  };

  const user = async (role: "" | "writer" | "admin", extra: RecordData = {}) => {
    const name = unique("u");
    return seed("users", {
      username: name,
      email: `${name}@example.com`,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      role,
      ...extra,
    });
  };

  const signIn = async (email: string) => {
    const res = await app.http.inject({
      method: "POST",
      url: "/api/collections/users/auth-with-password",
      payload: { identity: email, password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ token: string }>().token;
  };

  /** A fresh account of an actor kind, with a token issued as the kind requires. */
  const makeActor = async (name: ActorName): Promise<Participant> => {
    if (name === "guest") return { name, id: null, role: "", token: null };
    if (name === "superuser") {
      const root = await app.createSuperuser();
      return { name, id: null, role: "", token: root.token };
    }
    const role =
      name === "writer" || name === "demoted" ? "writer" : name === "admin" ? "admin" : "";
    const record = await user(role);
    const token = await signIn(String(record.email));
    const id = String(record.id);
    return { name, id, role: name === "demoted" ? "" : role, token };
  };

  /** Applies what happens to an actor after their token was issued (demotion, suspension). */
  const settle = async (actor: Participant) => {
    if (!actor.id) return;
    if (actor.name === "demoted") await setFields("users", actor.id, { role: "" });
    if (actor.name === "suspended") await setFields("users", actor.id, { suspended: true });
  };

  const entryOf = async (author: string, visibility = "public") =>
    seed("entries", { author, title: unique("Entry "), visibility });

  beforeAll(async () => {
    app = await createTestApp(dialect);
    for (const name of ACTORS) actors[name] = await makeActor(name);
    const { user: ulla, writer: wren, admin: ada, demoted: dora, suspended: sue } = actors;
    const id = (p: Participant) => p.id ?? "";
    const visibilities = ["public", "unlisted", "private"] as const;
    const postStates = {
      draft: { status: "draft" },
      live: { status: "published", publishedAt: PAST },
      scheduled: { status: "published", publishedAt: FUTURE },
    };

    cases.users = {
      templates: [
        { label: "plain", make: () => user("") },
        { label: "writer", make: () => user("writer") },
        { label: "admin", make: () => user("admin") },
        { label: "email visible", make: () => user("", { emailVisibility: true }) },
      ],
      updateBody: { name: "Renamed" },
      createBody: () => {
        const name = unique("s");
        return Promise.resolve({
          username: name,
          email: `${name}@example.com`,
          password: PASSWORD,
          passwordConfirm: PASSWORD,
        });
      },
    };
    cases._superusers = {
      templates: [
        {
          label: "superuser",
          make: () =>
            seed("_superusers", {
              email: `${unique("root")}@example.com`,
              password: PASSWORD,
              passwordConfirm: PASSWORD,
            }),
        },
      ],
      updateBody: {},
      createBody: () =>
        Promise.resolve({
          email: `${unique("root")}@example.com`,
          password: PASSWORD,
          passwordConfirm: PASSWORD,
        }),
    };
    cases.collections = {
      templates: [ulla, wren, dora].flatMap((owner) =>
        visibilities.map((visibility) => ({
          label: `${owner.name}'s ${visibility}`,
          make: () => seed("collections", { owner: id(owner), title: unique("Book "), visibility }),
        })),
      ),
      updateBody: { title: "Renamed book" },
      createBody: (owner) => Promise.resolve({ owner, title: unique("Book ") }),
    };
    cases.entries = {
      templates: [ulla, sue].flatMap((author) =>
        visibilities.map((visibility) => ({
          label: `${author.name}'s ${visibility}`,
          make: () => entryOf(id(author), visibility),
        })),
      ),
      updateBody: { title: "Renamed entry" },
      createBody: (author) => Promise.resolve({ author, title: unique("Entry ") }),
    };
    cases.posts = {
      templates: [wren, dora].flatMap((author) =>
        Object.entries(postStates).map(([state, fields]) => ({
          label: `${author.name}'s ${state}`,
          make: () => seed("posts", { author: id(author), title: unique("Post "), ...fields }),
        })),
      ),
      updateBody: { title: "Renamed post" },
      createBody: (author) => Promise.resolve({ author, title: unique("Post "), status: "draft" }),
    };
    cases.pages = {
      templates: [wren, dora].flatMap((author) =>
        ["draft", "published"].map((status) => ({
          label: `${author.name}'s ${status} page`,
          make: () =>
            seed("pages", {
              author: id(author),
              title: unique("Page "),
              slug: unique("page"),
              lang: "en",
              status,
            }),
        })),
      ),
      updateBody: { title: "Renamed page" },
      createBody: (author) =>
        Promise.resolve({ author, title: unique("Page "), slug: unique("page"), lang: "en" }),
    };
    cases.items = {
      templates: [
        {
          label: "item",
          make: () => seed("items", { code: unique("it"), name: "Item", owner: id(ada) }),
        },
      ],
      updateBody: { name: "Renamed item" },
      createBody: () => Promise.resolve({ code: unique("it"), name: "Item" }),
    };
    const usersId = requireCollection("users").id;
    cases._externalAuths = {
      templates: [
        {
          label: "user's link",
          make: () =>
            seed("_externalAuths", {
              collectionRef: usersId,
              recordRef: id(ulla),
              provider: unique("oidc"),
              providerId: unique("sub"),
            }),
        },
      ],
      updateBody: {},
      createBody: (owner) =>
        Promise.resolve({
          collectionRef: usersId,
          recordRef: owner,
          provider: unique("oidc"),
          providerId: unique("sub"),
        }),
    };
    const revision = async (author: string) => ({
      record: String((await entryOf(author, "private")).id),
      recordCollection: "entries",
      author,
      kind: "save",
      version: 1,
      title: "A version",
    });
    cases.revisions = {
      templates: [ulla, wren].map((author) => ({
        label: `${author.name}'s version`,
        make: async () => seed("revisions", await revision(id(author))),
      })),
      updateBody: {},
      createBody: revision,
    };
    const passkey = (owner: string) => ({
      user: owner,
      name: "Laptop",
      credentialId: unique("cred"),
      publicKey: "pQECAyYgASFYIA",
      counter: 0,
      transports: ["internal"],
    });
    cases.passkeys = {
      templates: [ulla, wren].map((owner) => ({
        label: `${owner.name}'s passkey`,
        make: () => seed("passkeys", passkey(id(owner))),
      })),
      updateBody: { name: "Phone" },
      createBody: (owner) => Promise.resolve(passkey(owner)),
    };
    const device = (owner: string) => ({
      user: owner,
      name: "Firefox on Linux",
      userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
      ip: "192.0.2.7",
      fingerprint: unique("fp"),
    });
    cases.devices = {
      templates: [ulla, wren].map((owner) => ({
        label: `${owner.name}'s device`,
        make: () => seed("devices", device(id(owner))),
      })),
      updateBody: {},
      createBody: (owner) => Promise.resolve(device(owner)),
    };
    const event = (owner: string) => ({ user: owner, kind: "impersonation", actor: "root" });
    cases.authEvents = {
      templates: [
        { label: "user's impersonation", make: () => seed("authEvents", event(id(ulla))) },
      ],
      updateBody: {},
      createBody: (owner) => Promise.resolve(event(owner)),
    };
    const pendingEdit = async (author: string) => ({
      author,
      record: String((await entryOf(author)).id),
      recordCollection: "entries",
      title: "Unsaved title",
    });
    cases.pendingEdits = {
      templates: [
        {
          label: "writer's pending edit",
          make: async () => seed("pendingEdits", await pendingEdit(id(wren))),
        },
      ],
      updateBody: { title: "Still unsaved" },
      createBody: pendingEdit,
    };

    const commentedPost = String(
      (
        await seed("posts", {
          author: id(wren),
          title: unique("Commented "),
          status: "published",
          publishedAt: PAST,
        })
      ).id,
    );
    const comment = (author: string, status: string) => ({
      record: commentedPost,
      recordCollection: "posts",
      author,
      authorName: author ? "" : "A guest",
      content: unique("Comment "),
      status,
    });
    cases.comments = {
      templates: [
        ["user's held comment", id(ulla), "pending"],
        ["user's approved comment", id(ulla), "approved"],
        ["admin's rejected comment", id(ada), "rejected"],
        ["guest's approved comment", "", "approved"],
      ].map(([label, author, status]) => ({
        label: label ?? "",
        make: () => seed("comments", comment(author ?? "", status ?? "")),
      })),
      updateBody: { content: "Edited" },
      createBody: (owner) => Promise.resolve(comment(owner, "approved")),
      // Guests are off by default: the comments module answers 403.
      createRefused: 403,
    };
    const block = (owner: string) => ({ owner, user: id(dora) });
    cases.commentBlocks = {
      templates: [ulla, wren].map((owner) => ({
        label: `${owner.name}'s block`,
        make: () => seed("commentBlocks", block(id(owner))),
      })),
      updateBody: {},
      createBody: (owner) => Promise.resolve(block(owner)),
    };

    const subscription = (owner: string, target: string, email: string) => ({
      email,
      target,
      owner,
      locale: "en",
      status: "confirmed",
      frequency: "each",
    });
    cases.subscriptions = {
      templates: [
        ["blog subscriber", "", "blog"],
        ["writer's subscriber", id(wren), `author:${id(wren)}`],
      ].map(([label, owner, target]) => ({
        label: label ?? "",
        make: () =>
          seed(
            "subscriptions",
            subscription(owner ?? "", target ?? "", `${unique("reader")}@example.com`),
          ),
      })),
      updateBody: { frequency: "weekly" },
      createBody: (owner) =>
        Promise.resolve(subscription(owner, `author:${owner}`, `${unique("new")}@example.com`)),
    };

    for (const { templates } of Object.values(cases)) {
      for (const template of templates) await template.make();
    }
    for (const actor of Object.values(actors)) await settle(actor);
  });
  afterAll(async () => {
    await app.close();
  });

  /** Every record of a collection, as a superuser reads it. */
  const everything = async (collection: Collection) => {
    const res = await request(
      actors.superuser,
      "GET",
      `/api/collections/${collection.name}/records?perPage=500`,
    );
    expect(res.statusCode).toBe(200);
    return res.json<{ items: RecordData[] }>().items;
  };

  /** The status of an action: done, or refused PocketBase's way (a null rule is 403). */
  const outcome = (collection: Collection, action: Action, ok: boolean) => {
    if (ok) return action === "delete" ? 204 : 200;
    if (collection[`${action}Rule`] === null) return 403;
    return action === "create" ? 400 : 404;
  };

  it("has a policy and states for every collection of the registry", () => {
    const names = allCollections().map((collection) => collection.name);
    expect(Object.keys(POLICIES).sort()).toEqual([...names].sort());
    expect(Object.keys(cases).sort()).toEqual([...names].sort());
  });

  it("suspended accounts cannot sign in, and their earlier tokens act as a guest's", async () => {
    const sue = actors.suspended;
    const record = await everything(requireCollection("users"));
    const email = record.find((r) => r.id === sue.id)?.email;
    const res = await app.http.inject({
      method: "POST",
      url: "/api/collections/users/auth-with-password",
      payload: { identity: email, password: PASSWORD },
    });
    // PocketBase's answer to a failed authRule.
    expect(res.statusCode).toBe(403);
    const refresh = await request(sue, "POST", "/api/collections/users/auth-refresh");
    expect(refresh.statusCode).toBe(401);
  });

  describe.each(allCollections().map((c) => c.name))("%s", (name) => {
    const collection = requireCollection(name);
    const policy = POLICIES[name];

    it.each(ACTORS)("list as %s", async (actorName) => {
      const who = actors[actorName];
      if (!policy) throw new Error(`no policy for ${name}`);
      const all = await everything(collection);
      const res = await request(who, "GET", `/api/collections/${name}/records?perPage=500`);
      if (collection.listRule === null && who.name !== "superuser") {
        expect(res.statusCode).toBe(403);
        return;
      }
      expect(res.statusCode, res.body).toBe(200);
      const got = res.json<{ items: RecordData[] }>().items;
      const expected = all.filter((record) => allowed(policy, who, "list", record));
      expect(got.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
      if (name === "users") {
        for (const record of got) {
          const full = all.find((r) => r.id === record.id);
          const visible =
            who.name === "superuser" ||
            full?.emailVisibility === true ||
            (who.id !== null &&
              who.name !== "suspended" &&
              (who.id === record.id || who.role === "admin"));
          expect(record.email ?? "", `${String(record.username)} to ${who.name}`).toBe(
            visible ? full?.email : "",
          );
        }
      }
    });

    it.each(ACTORS)("view as %s", async (actorName) => {
      const who = actors[actorName];
      if (!policy) throw new Error(`no policy for ${name}`);
      for (const record of await everything(collection)) {
        const ok = allowed(policy, who, "view", record);
        const res = await request(
          who,
          "GET",
          `/api/collections/${name}/records/${String(record.id)}`,
        );
        expect(res.statusCode, `view ${String(record.id)} as ${who.name}`).toBe(
          outcome(collection, "view", ok),
        );
      }
    });

    it.each(ACTORS)("create as %s, for themself and for someone else", async (actorName) => {
      const who = actors[actorName];
      const setup = cases[name];
      if (!policy || !setup) throw new Error(`no policy or states for ${name}`);
      const others = [actors.user, actors.writer].filter((p) => p.id !== who.id);
      const owners = [who.id ?? actors.user.id ?? "", others[0]?.id ?? ""];
      for (const owner of owners) {
        const body = await setup.createBody(owner);
        const ok = allowed(policy, who, "create", {}, body);
        const res = await request(who, "POST", `/api/collections/${name}/records`, body);
        expect(res.statusCode, `create for ${owner} as ${who.name}: ${res.body}`).toBe(
          ok
            ? outcome(collection, "create", ok)
            : (setup.createRefused ?? outcome(collection, "create", ok)),
        );
      }
    });

    it.each(ACTORS)("update as %s", async (actorName) => {
      const who = actors[actorName];
      const setup = cases[name];
      if (!policy || !setup) throw new Error(`no policy or states for ${name}`);
      for (const template of setup.templates) {
        const record = await template.make();
        const ok = allowed(policy, who, "update", record, setup.updateBody);
        const url = `/api/collections/${name}/records/${String(record.id)}`;
        const res = await request(who, "PATCH", url, setup.updateBody);
        expect(res.statusCode, `update ${template.label} as ${who.name}: ${res.body}`).toBe(
          outcome(collection, "update", ok),
        );
      }
    });

    it.each(ACTORS)("delete as %s", async (actorName) => {
      const who = actors[actorName];
      const setup = cases[name];
      if (!policy || !setup) throw new Error(`no policy or states for ${name}`);
      for (const template of setup.templates) {
        const record = await template.make();
        const ok = allowed(policy, who, "delete", record);
        const url = `/api/collections/${name}/records/${String(record.id)}`;
        const res = await request(who, "DELETE", url);
        expect(res.statusCode, `delete ${template.label} as ${who.name}: ${res.body}`).toBe(
          outcome(collection, "delete", ok),
        );
        const after = await request(actors.superuser, "GET", url);
        expect(after.statusCode).toBe(ok ? 404 : 200);
      }
    });
  });

  describe("users: the fields only admins manage, and deleting oneself", () => {
    const policy = POLICIES.users;

    it.each(ACTORS)("role and suspension changes as %s", async (actorName) => {
      const who = actors[actorName];
      if (!policy) throw new Error("no users policy");
      for (const targetRole of ["", "admin"] as const) {
        for (const body of [{ role: "writer" }, { suspended: true }, { verified: true }]) {
          const target = await user(targetRole);
          const ok = allowed(policy, who, "update", target, body);
          const url = `/api/collections/users/records/${String(target.id)}`;
          const res = await request(who, "PATCH", url, body);
          expect(
            res.statusCode,
            `${JSON.stringify(body)} on ${targetRole || "plain"} as ${who.name}`,
          ).toBe(ok ? 200 : 404);
        }
      }
    });

    it.each(ACTORS.filter((name) => name !== "guest" && name !== "superuser"))(
      "a %s changes their own role, or deletes their own account",
      async (actorName) => {
        if (!policy) throw new Error("no users policy");
        const self = await makeActor(actorName);
        await settle(self);
        const url = `/api/collections/users/records/${self.id ?? ""}`;
        const record = (await everything(requireCollection("users"))).find((r) => r.id === self.id);
        if (!record) throw new Error("the fresh account exists");
        const promote = await request(self, "PATCH", url, { role: "admin" });
        expect(promote.statusCode).toBe(
          allowed(policy, self, "update", record, { role: "admin" }) ? 200 : 404,
        );
        const rename = await request(self, "PATCH", url, { name: "Me" });
        expect(rename.statusCode).toBe(
          allowed(policy, self, "update", record, { name: "Me" }) ? 200 : 404,
        );
        const gone = await request(self, "DELETE", url);
        expect(gone.statusCode).toBe(allowed(policy, self, "delete", record) ? 204 : 404);
      },
    );
  });
});
