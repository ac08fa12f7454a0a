/**
 * An SMTP server as its own process for the subscriptions bench (`smtp-server`): accepts
 * every message, counts them per recipient, and prints `listening <port>` once, then
 * `received <messages> <recipients> <most to one>` after each message.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

const perRecipient = new Map<string, number>();
let messages = 0;
let most = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    stream.on("data", () => undefined);
    stream.on("end", () => {
      messages += 1;
      for (const rcpt of session.envelope.rcptTo) {
        const address = rcpt.address.toLowerCase();
        const count = (perRecipient.get(address) ?? 0) + 1;
        perRecipient.set(address, count);
        most = Math.max(most, count);
      }
      process.stdout.write(
        `received ${String(messages)} ${String(perRecipient.size)} ${String(most)}\n`,
      );
      callback();
    });
  },
});
server.on("error", () => undefined);
const listening = server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`listening ${String((listening.address() as AddressInfo).port)}\n`);
});
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
});
