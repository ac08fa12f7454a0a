/**
 * The mailer and its transports against real peers: an SMTP server process-local
 * (`smtp-server`, plain, authenticated and TLS), the outbox folder, and failures that must be
 * logged without ever reaching the sender or becoming unhandled rejections (B26).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import PostalMime from "postal-mime";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "#tests/helpers/server-process.ts";
import { startMailCatcher, type MailCatcher } from "#tests/helpers/mail-catcher.ts";
import { createMailer } from "./create-mailer.ts";
import { Mailer, type MailLog, type MailMessage } from "./mailer.ts";
import { OutboxTransport } from "./outbox-transport.ts";
import { SmtpTransport, smtpOptions } from "./smtp-transport.ts";

/** A logger that keeps its lines. */
function memoryLog(): MailLog & {
  lines: { level: string; data: Record<string, unknown>; message: string }[];
} {
  const lines: { level: string; data: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    info: (data, message) => lines.push({ level: "info", data, message }),
    error: (data, message) => lines.push({ level: "error", data, message }),
  };
}

const FROM = "Cahier <no-reply@cahier.example>";
const message = (to: string, subject = "Hello"): MailMessage => ({
  to,
  subject,
  text: "Hello there\nhttps://cahier.example/login?verify=abc\n",
  html: "<p>Hello <strong>there</strong></p>",
});

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(() => {
  process.on("unhandledRejection", onUnhandled);
});
afterAll(() => {
  process.off("unhandledRejection", onUnhandled);
});
afterEach(() => {
  expect(unhandled).toEqual([]);
});

describe("SMTP transport", () => {
  let catcher: MailCatcher;
  let authCatcher: MailCatcher;
  let tlsCatcher: MailCatcher;
  beforeAll(async () => {
    [catcher, authCatcher, tlsCatcher] = await Promise.all([
      startMailCatcher(),
      startMailCatcher({ auth: { user: "mailer@cahier.example", pass: "p@ss:w/rd" } }),
      startMailCatcher({ secure: true }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([catcher.close(), authCatcher.close(), tlsCatcher.close()]);
  });

  it("delivers text and HTML with the configured sender", async () => {
    const log = memoryLog();
    const mailer = new Mailer(new SmtpTransport(catcher.url), FROM, log);
    mailer.send(message("ada@example.com", "Plain"));
    const mail = await catcher.waitForMail("ada@example.com", "Plain");
    expect(mail.from).toBe(FROM);
    expect(mail.envelopeFrom).toBe("no-reply@cahier.example");
    expect(mail.text).toContain("https://cahier.example/login?verify=abc");
    expect(mail.html).toContain("<strong>there</strong>");
    expect(mail.secure).toBe(false);
    await mailer.close();
    expect(log.lines.filter((l) => l.level === "error")).toEqual([]);
  });

  it("authenticates with percent-encoded credentials from the URL", async () => {
    expect(authCatcher.url).toContain("mailer%40cahier.example:p%40ss%3Aw%2Frd@");
    expect(smtpOptions(authCatcher.url).auth).toEqual({
      user: "mailer@cahier.example",
      pass: "p@ss:w/rd",
    });
    expect(smtpOptions(authCatcher.url).url).not.toContain("rd@");
    const mailer = new Mailer(new SmtpTransport(authCatcher.url), FROM, memoryLog());
    mailer.send(message("bob@example.com", "Authenticated"));
    const mail = await authCatcher.waitForMail("bob@example.com", "Authenticated");
    expect(mail.authUser).toBe("mailer@cahier.example");
    await mailer.close();
  });

  it("speaks TLS from the first byte with smtps:", async () => {
    expect(tlsCatcher.url).toMatch(/^smtps:/);
    const mailer = new Mailer(new SmtpTransport(tlsCatcher.url), FROM, memoryLog());
    mailer.send(message("carol@example.com", "Secure"));
    const mail = await tlsCatcher.waitForMail("carol@example.com", "Secure");
    expect(mail.secure).toBe(true);
    await mailer.close();
  });

  it("logs refused credentials, calls onError, and never throws or rejects", async () => {
    const url = authCatcher.url.replace("p%40ss", "wrong");
    const log = memoryLog();
    let cleaned = 0;
    const mailer = new Mailer(new SmtpTransport(url), FROM, log);
    expect(() => {
      mailer.send(message("dave@example.com", "Refused"), { onError: () => (cleaned += 1) });
    }).not.toThrow();
    await mailer.idle();
    expect(cleaned).toBe(1);
    const [line] = log.lines.filter((l) => l.level === "error");
    expect(line?.message).toBe("mail delivery failed");
    expect(line?.data).toMatchObject({
      to: "dave@example.com",
      subject: "Refused",
      transport: "smtp",
    });
    expect(authCatcher.unread("dave@example.com")).toEqual([]);
    await mailer.close();
  });

  it("logs an unreachable server and a failing clean-up without an unhandled rejection", async () => {
    const port = await freePort();
    const log = memoryLog();
    const mailer = new Mailer(new SmtpTransport(`smtp://127.0.0.1:${port}`), FROM, log);
    mailer.send(message("erin@example.com"), {
      onError: () => Promise.reject(new Error("clean-up broke")),
    });
    await mailer.idle();
    expect(log.lines.map((l) => l.message)).toEqual([
      "mail delivery failed",
      "mail failure clean-up failed",
    ]);
    await mailer.close();
  });

  it("sends to one address, never a list hidden in it", async () => {
    const log = memoryLog();
    const mailer = new Mailer(new SmtpTransport(catcher.url), FROM, log);
    mailer.send(message("kate@example.com,mallory@example.com", "Listed"));
    mailer.send(message("Kate <kate@example.com>, mallory@example.com", "Named"));
    await mailer.close();
    // Each string is one (invalid) recipient: the server refuses it, nobody gets a copy.
    expect(catcher.messages.filter((m) => m.subject === "Listed" || m.subject === "Named")).toEqual(
      [],
    );
    expect(log.lines.map((l) => l.message)).toEqual([
      "mail delivery failed",
      "mail delivery failed",
    ]);
  });

  it("refuses new messages once closed, with a log line", async () => {
    const log = memoryLog();
    const mailer = new Mailer(new SmtpTransport(catcher.url), FROM, log);
    await mailer.close();
    mailer.send(message("frank@example.com"));
    await mailer.idle();
    expect(log.lines).toEqual([
      expect.objectContaining({ level: "error", message: "mail not sent: mailer closed" }),
    ]);
  });

  it("close() waits for deliveries in flight", async () => {
    const mailer = new Mailer(new SmtpTransport(catcher.url), FROM, memoryLog());
    for (let i = 0; i < 3; i++) mailer.send(message("grace@example.com", `Batch ${i}`));
    await mailer.close();
    expect(catcher.unread("grace@example.com")).toHaveLength(3);
  });
});

describe("outbox transport", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cahier-outbox-"));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("writes one .eml file per message and one log line", async () => {
    const log = memoryLog();
    const outbox = path.join(dir, "outbox");
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: FROM, dataDir: dir }, log);
    expect(mailer.transport).toBeInstanceOf(OutboxTransport);
    mailer.send(message("heidi@example.com", "Outbox one"));
    mailer.send(message("ivan@example.com", "Outbox two"));
    await mailer.close();

    const files = fs.readdirSync(outbox).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{12}\.eml$/);
    const parsed = await Promise.all(
      files.map((f) => PostalMime.parse(fs.readFileSync(path.join(outbox, f)))),
    );
    expect(parsed.map((p) => p.subject).sort()).toEqual(["Outbox one", "Outbox two"]);
    const heidi = parsed.find((p) => p.subject === "Outbox one");
    expect(heidi?.to?.[0]).toMatchObject({ address: "heidi@example.com" });
    expect(heidi?.from).toMatchObject({ name: "Cahier", address: "no-reply@cahier.example" });
    expect(heidi?.text).toContain("https://cahier.example/login?verify=abc");
    expect(heidi?.html).toContain("<strong>there</strong>");

    const infos = log.lines.filter((l) => l.level === "info");
    expect(infos).toHaveLength(2);
    for (const line of infos) {
      expect(line.message).toBe("mail written to the outbox");
      expect(String(line.data.file)).toMatch(new RegExp(`^${outbox}/.+\\.eml$`));
    }
  });

  it("logs a folder it cannot write", async () => {
    const blocker = path.join(dir, "not-a-folder");
    fs.writeFileSync(blocker, "");
    const log = memoryLog();
    const mailer = new Mailer(new OutboxTransport(blocker, log), FROM, log);
    mailer.send(message("judy@example.com"));
    await mailer.close();
    expect(log.lines).toEqual([
      expect.objectContaining({ level: "error", message: "mail delivery failed" }),
    ]);
  });

  it("picks SMTP when a URL is configured", async () => {
    const mailer = createMailer(
      { smtpUrl: "smtp://127.0.0.1:2525", mailFrom: FROM, dataDir: dir },
      memoryLog(),
    );
    expect(mailer.transport).toBeInstanceOf(SmtpTransport);
    await mailer.close();
  });
});
