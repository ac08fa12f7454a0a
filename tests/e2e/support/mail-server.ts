/**
 * The browser suite's SMTP server, a child process of the web server wrapper
 * (`web-server.ts`): a real `smtp-server` on a free loopback port (`startMailCatcher` of
 * `tests/helpers/mail-catcher.ts`) that writes each message it receives, as JSON, into the
 * run's mail folder (`mailDir()`), where specs read it (`mail.ts`). Its first line on stdout
 * is `SMTP_URL=smtp://127.0.0.1:<port>`; SIGTERM or SIGINT stops it.
 */
import fs from "node:fs";
import path from "node:path";
import { startMailCatcher } from "../../helpers/mail-catcher.ts";
import { mailDir } from "./environment.ts";

const folder = mailDir();
fs.mkdirSync(folder, { recursive: true });
const catcher = await startMailCatcher();

let written = 0;
/** Writes the messages received since the last call, each to its own file (atomically). */
function flush(): void {
  while (written < catcher.messages.length) {
    const mail = catcher.messages[written];
    written += 1;
    if (!mail) continue;
    const name = `${String(Date.now())}-${String(written).padStart(5, "0")}.json`;
    const temporary = path.join(folder, `.${name}.tmp`);
    fs.writeFileSync(temporary, JSON.stringify(mail, null, 2));
    fs.renameSync(temporary, path.join(folder, name));
  }
}
const timer = setInterval(flush, 25);

process.stdout.write(`SMTP_URL=${catcher.url}\n`);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    clearInterval(timer);
    flush();
    void catcher.close().finally(() => process.exit(0));
  });
}
