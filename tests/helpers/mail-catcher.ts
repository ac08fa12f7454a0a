/**
 * A real SMTP server for tests (`smtp-server` on a free loopback port): every message the app
 * sends is received over SMTP, parsed with `postal-mime`, and kept for the test to read. Point
 * the app at it with `SMTP_URL: catcher.url`.
 *
 * @example
 * const catcher = await startMailCatcher();
 * const app = await createTestApp("sqlite", { SMTP_URL: catcher.url });
 * // … request a password reset for ada@example.com …
 * const mail = await catcher.waitForMail("ada@example.com", "Reset your");
 * const token = tokenFromLink(mail.text, "/passwordReset", "token");
 * await catcher.close();
 */
import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

/** One received message. */
export interface CaughtMail {
  /** Envelope recipients (`RCPT TO`), lower-cased. */
  to: string[];
  /** Envelope sender (`MAIL FROM`). */
  envelopeFrom: string;
  /** The `From` header as `Name <address>` or `address`. */
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The whole message as received. */
  raw: string;
  /** Header values by lower-case name (last one wins). */
  headers: Record<string, string>;
  /** The user name the client authenticated with, if any. */
  authUser: string | undefined;
  /** Whether the message came over TLS. */
  secure: boolean;
}

/** What to look for: a fragment of the subject or text, a pattern, or a predicate. */
export type MailMatch = string | RegExp | ((mail: CaughtMail) => boolean);

/** A running catcher. */
export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>` (with credentials and `smtps:` when configured so). */
  readonly url: string;
  readonly port: number;
  /** Every message received so far, oldest first. */
  readonly messages: readonly CaughtMail[];
  /**
   * The first message to `to` (case-insensitive) matching `match` that no earlier
   * `waitForMail` returned, waiting up to `timeoutMs` (default 10 s) for it to arrive.
   */
  waitForMail(to: string, match?: MailMatch, timeoutMs?: number): Promise<CaughtMail>;
  /** Messages to `to` that no `waitForMail` returned yet. */
  unread(to: string): CaughtMail[];
  /** Stops the server. */
  close(): Promise<void>;
}

/** Options of `startMailCatcher`. */
export interface MailCatcherOptions {
  /** Require AUTH PLAIN/LOGIN with these credentials (others are refused with 535). */
  auth?: { user: string; pass: string };
  /** Implicit TLS (`smtps:`) with smtp-server's built-in self-signed certificate. */
  secure?: boolean;
  /**
   * Refuses a recipient (`RCPT TO`) with an SMTP code (550: for good, 451: try later) when it
   * answers one; called for every recipient, so a test may refuse once, then accept.
   */
  refuse?: (address: string) => { code: number; message: string } | null;
}

function matches(mail: CaughtMail, match: MailMatch | undefined): boolean {
  if (match === undefined) return true;
  if (typeof match === "function") return match(mail);
  const haystack = `${mail.subject}\n${mail.text}`;
  return typeof match === "string" ? haystack.includes(match) : match.test(haystack);
}

function formatAddress(
  address: { name: string; address?: string | undefined } | undefined,
): string {
  if (!address?.address) return "";
  return address.name ? `${address.name} <${address.address}>` : address.address;
}

/** Starts a catcher on 127.0.0.1 and a free port. */
export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const read = new WeakSet<CaughtMail>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    secure: options.secure ?? false,
    authOptional: !options.auth,
    allowInsecureAuth: true,
    // Plain connections stay plain: nodemailer would otherwise upgrade and reject our certificate.
    disabledCommands: options.secure ? [] : ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (
        options.auth &&
        auth.username === options.auth.user &&
        auth.password === options.auth.pass
      ) {
        callback(null, { user: auth.username });
        return;
      }
      callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address.toLowerCase());
      if (refusal) {
        callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        PostalMime.parse(raw)
          .then((email) => {
            const headers: Record<string, string> = {};
            for (const header of email.headers) headers[header.key] = header.value;
            messages.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              from: formatAddress(email.from),
              subject: email.subject ?? "",
              text: email.text ?? "",
              html: email.html ?? "",
              raw: raw.toString("utf8"),
              headers,
              authUser: typeof session.user === "string" ? session.user : undefined,
              secure: session.secure,
            });
            for (const wake of waiters) wake();
            // Acknowledged only once stored: when the app's send resolves, the mail is here.
            callback();
          })
          .catch((error: unknown) => {
            callback(error instanceof Error ? error : new Error(String(error)));
          });
      });
    },
  });

  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    const listening = server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve((listening.address() as AddressInfo).port);
    });
  });
  // Errors after start (a client dropping the connection) must not crash the test worker.
  server.on("error", () => undefined);
  const credentials = options.auth
    ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`
    : "";
  const url = options.secure
    ? `smtps://${credentials}127.0.0.1:${port}?tls.rejectUnauthorized=false`
    : `smtp://${credentials}127.0.0.1:${port}`;

  const findUnread = (to: string, match?: MailMatch) =>
    messages.find((m) => !read.has(m) && m.to.includes(to.toLowerCase()) && matches(m, match));

  return {
    url,
    port,
    messages,
    unread: (to) => messages.filter((m) => !read.has(m) && m.to.includes(to.toLowerCase())),
    waitForMail(to, match, timeoutMs = 10_000) {
      return new Promise<CaughtMail>((resolve, reject) => {
        const check = () => {
          const found = findUnread(to, match);
          if (!found) return false;
          read.add(found);
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const seen = messages.map((m) => `${m.to.join(",")}: ${m.subject}`).join("; ");
          reject(
            new Error(
              `no mail to ${to}${match === undefined ? "" : ` matching ${String(match)}`} within ${timeoutMs} ms (received: ${seen || "nothing"})`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

/**
 * The value of query parameter `param` in the first link to `path` found in `text`
 * (e.g. the token of `https://app.example/passwordReset?token=…`); throws when there is none.
 */
export function tokenFromLink(text: string, path: string, param: string): string {
  for (const match of text.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
    const url = new URL(match[0]);
    const value = url.searchParams.get(param);
    if (url.pathname.endsWith(path) && value) return value;
  }
  throw new Error(`no ${path}?${param}= link in:\n${text}`);
}
