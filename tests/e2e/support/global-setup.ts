/**
 * Global setup of the browser suite, run once the server answers: a superuser through the
 * CLI (`node bin/cahier.js superuser upsert`), the plain user, the writer (with an avatar
 * image) and the admin through the API, the writer's public content and an item, then one
 * saved sign-in per account (Playwright storage state: the SDK's `pocketbase_auth` local
 * storage entry and the `pb_auth` cookie the browser mirrors it into).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import PocketBase from "pocketbase";
import sharp from "sharp";
import {
  authFile,
  AVATAR_OWNER,
  baseUrl,
  CLI_PATH,
  CONTENT,
  PASSWORD,
  ROOT_DIR,
  serverEnv,
  SUPERUSER,
  USERS,
  type AccountName,
} from "./environment.ts";

/** The cookie the browser's SDK client writes for server rendering. */
const AUTH_COOKIE = "pb_auth";
/** The SDK's LocalAuthStore key. */
const AUTH_STORAGE_KEY = "pocketbase_auth";

function upsertSuperuser(): void {
  const result = spawnSync(
    process.execPath,
    [CLI_PATH, "superuser", "upsert", SUPERUSER.email, PASSWORD],
    { cwd: ROOT_DIR, env: { ...process.env, ...serverEnv() }, encoding: "utf8" },
  );
  if (result.status !== 0) {
    throw new Error(
      `superuser upsert failed (exit ${String(result.status)}):\n${result.stdout}${result.stderr}`,
    );
  }
}

/** Saves a signed-in SDK client as a Playwright storage state file. */
function saveSignIn(account: AccountName, pb: PocketBase): void {
  const exported = pb.authStore.exportToCookie(
    { httpOnly: false, secure: false, sameSite: "Lax", path: "/" },
    AUTH_COOKIE,
  );
  const pair = exported.split(";")[0] ?? "";
  const value = pair.slice(pair.indexOf("=") + 1);
  const state = {
    cookies: [
      {
        name: AUTH_COOKIE,
        value,
        domain: "127.0.0.1",
        path: "/",
        expires: -1,
        httpOnly: false,
        secure: false,
        sameSite: "Lax" as const,
      },
    ],
    origins: [
      {
        origin: baseUrl(),
        localStorage: [
          {
            name: AUTH_STORAGE_KEY,
            value: JSON.stringify({ token: pb.authStore.token, record: pb.authStore.record }),
          },
        ],
      },
    ],
  };
  const file = authFile(account);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(state, null, 2));
}

async function signIn(collection: "users" | "_superusers", identity: string): Promise<PocketBase> {
  const pb = new PocketBase(baseUrl());
  pb.autoCancellation(false);
  await pb.collection(collection).authWithPassword(identity, PASSWORD);
  return pb;
}

/** Creates the fixture accounts, content and saved sign-ins. */
export default async function globalSetup(): Promise<void> {
  upsertSuperuser();
  const root = await signIn("_superusers", SUPERUSER.email);
  saveSignIn("superuser", root);

  const avatar = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 146, g: 64, b: 14 } },
  })
    .png()
    .toBuffer();

  for (const [account, user] of Object.entries(USERS) as [
    keyof typeof USERS,
    typeof USERS.user,
  ][]) {
    const body = new FormData();
    body.set("username", user.username);
    body.set("name", user.name);
    body.set("email", user.email);
    body.set("password", PASSWORD);
    body.set("passwordConfirm", PASSWORD);
    body.set("role", user.role);
    body.set("verified", "true");
    if (account === AVATAR_OWNER)
      body.set("avatar", new Blob([new Uint8Array(avatar)], { type: "image/png" }), "avatar.png");
    await root.collection("users").create(body);
    saveSignIn(account, await signIn("users", user.email));
  }

  const writer = await signIn("users", USERS.writer.email);
  const writerId = writer.authStore.record?.id ?? "";
  const notebook = await writer.collection("collections").create({
    owner: writerId,
    name: CONTENT.collection.name,
    title: CONTENT.collection.title,
    description: "Notes from the field.",
    visibility: "public",
  });
  await writer.collection("entries").create({
    author: writerId,
    name: CONTENT.entry.name,
    title: CONTENT.entry.title,
    content: "The sun rose over the hills.",
    collection: notebook.id,
    visibility: "public",
    date: "2025-03-04 00:00:00.000Z",
  });
  await writer.collection("posts").create({
    author: writerId,
    slug: CONTENT.post.slug,
    title: CONTENT.post.title,
    excerpt: "The first post of this Cahier.",
    content: "Welcome to the blog.",
    status: "published",
    publishedAt: "2025-03-05 08:30:00.000Z",
    lang: "en",
  });

  const admin = await signIn("users", USERS.admin.email);
  await admin.collection("items").create({
    code: CONTENT.item.code,
    name: CONTENT.item.name,
    description: "A lantern for the night shift.",
    status: "active",
  });
}
