/**
 * The emails: language, links from the app URL, escaping, and (issue 25 item 3) the site's
 * name and colour in every kind of mail, and French as French is written.
 */
import { describe, expect, it } from "vitest";
import { addressInUseMail } from "./address-in-use-mail.ts";
import { addressProvenMail } from "./address-proven-mail.ts";
import { newDeviceMail } from "./device-mail.ts";
import { ACCENT, frenchSpacing, mailSite } from "./mail-layout.ts";
import type { MailMessage } from "./mailer.ts";
import {
  emailChangeMail,
  escapeHtml,
  mailLocale,
  otpMail,
  passwordResetMail,
  verificationMail,
  type MailRecipient,
  type MailSite,
} from "./templates.ts";

const APP = "https://journal.example/notes";
const SITE = mailSite(APP, "Cahier");
const ada: MailRecipient = { email: "ada@example.com", name: "Ada", locale: "en" };
const amelie: MailRecipient = { email: "amelie@example.fr", name: "Amélie", locale: "fr" };

/** One mail of every kind the server sends, from `site` to `recipient`. */
function everyMail(site: MailSite, recipient: MailRecipient): [string, MailMessage][] {
  const signIn = { device: "Firefox on Windows", ip: "203.0.113.7", time: new Date(0) };
  const removed = { passkeys: 2, authenticator: true, links: 1, devices: 1 };
  return [
    ["verification", verificationMail(site, recipient, "t")],
    ["password reset", passwordResetMail(site, recipient, "t")],
    ["email change", emailChangeMail(site, recipient, "t")],
    ["sign-in code", otpMail(site, recipient, "01234567")],
    ["new device", newDeviceMail(site, recipient, signIn)],
    ["address proven", addressProvenMail(site, recipient, removed)],
    ["sign-up with one's address", addressInUseMail(site, recipient, "signUp")],
    ["email change to one's address", addressInUseMail(site, recipient, "emailChange")],
  ];
}

/** A mail's words: its subject and text, without its addresses and links. */
function words(mail: MailMessage): string {
  return `${mail.subject}\n${mail.text}`.replace(/https?:\/\/\S+/g, "").replace(/\S+@\S+/g, "");
}

describe("mail templates", () => {
  it.each([
    ["verification", verificationMail(SITE, ada, "tok.en-1"), "/login?verify=tok.en-1"],
    ["password reset", passwordResetMail(SITE, ada, "tok.en-2"), "/passwordReset?token=tok.en-2"],
    [
      "email change",
      emailChangeMail(SITE, ada, "tok.en-3"),
      "/profileSettings?emailChange=tok.en-3",
    ],
  ])("%s links land on the web route under APP_URL, in text and HTML", (_name, mail, route) => {
    const link = `${APP}${route}`;
    expect(mail.to).toBe("ada@example.com");
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text).toContain("Hello Ada,");
  });

  it("speaks English and French", () => {
    expect(verificationMail(SITE, ada, "t").subject).toBe("Verify your email address for Cahier");
    const fr = verificationMail(SITE, amelie, "t");
    expect(fr.subject).toBe("Vérifiez votre adresse e-mail pour Cahier");
    expect(fr.text).toContain("Bonjour Amélie,");
    expect(fr.html).toContain('<html lang="fr">');
    expect(fr.html).toContain("L&#39;équipe de Cahier");
    expect(passwordResetMail(SITE, amelie, "t").subject).toBe(
      "Réinitialisez votre mot de passe pour Cahier",
    );
    expect(emailChangeMail(SITE, amelie, "t").subject).toBe(
      "Confirmez votre nouvelle adresse e-mail pour Cahier",
    );
    expect(otpMail(SITE, amelie, "01234567").subject).toBe("Votre code de connexion à Cahier");
  });

  it("carries the OTP code and no link", () => {
    const mail = otpMail(SITE, ada, "01234567");
    expect(mail.text).toContain("01234567");
    expect(mail.html).toContain(">01234567</p>");
    expect(mail.text).not.toMatch(/https?:/);
    expect(mail.html).not.toContain("href=");
  });

  it("names the new address in the email change message", () => {
    const mail = emailChangeMail(SITE, { ...ada, email: "new@example.com" }, "t");
    expect(mail.to).toBe("new@example.com");
    expect(mail.text).toContain("Confirm new@example.com as the new email address");
  });

  it("greets without a name when there is none", () => {
    expect(verificationMail(SITE, { ...ada, name: "  " }, "t").text).toMatch(/^Hello,\n/);
    expect(verificationMail(SITE, { ...amelie, name: "" }, "t").text).toMatch(/^Bonjour,\n/);
  });

  it("escapes every value in the HTML, the site's name too", () => {
    const evil: MailRecipient = {
      email: 'x"><script>alert(1)</script>@example.com',
      name: '<img src=x onerror="alert(1)">&',
      locale: "en",
    };
    const evilSite = mailSite(APP, "<b>Bold</b> & co");
    const change = emailChangeMail(SITE, evil, 'a"b<c');
    for (const html of [
      change.html,
      verificationMail(SITE, evil, "t").html,
      otpMail(SITE, evil, "<b>").html,
      ...everyMail(evilSite, ada).map(([, mail]) => mail.html),
    ]) {
      expect(html).not.toContain("<script>");
      expect(html).not.toContain("<img");
      expect(html).not.toContain("<b>");
    }
    expect(verificationMail(evilSite, ada, "t").html).toContain("&lt;b&gt;Bold&lt;/b&gt; &amp; co");
    expect(change.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;");
    // The token is URL-encoded in the link, then HTML-escaped in the attribute.
    expect(change.html).toContain(`href="${APP}/profileSettings?emailChange=a%22b%3Cc"`);
  });

  it("escapes the five HTML characters", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;",
    );
  });

  it("falls back to English for unknown or missing languages", () => {
    expect(mailLocale("fr")).toBe("fr");
    expect(mailLocale("en")).toBe("en");
    expect(mailLocale("")).toBe("en");
    expect(mailLocale("de")).toBe("en");
    expect(mailLocale(undefined)).toBe("en");
  });
});

describe("the site in every mail (issue 25 item 3)", () => {
  const renamed = mailSite(APP, "Carnet\n de  bord");

  it.each([ada, amelie])("names the renamed site, never Cahier ($locale)", (recipient) => {
    for (const [kind, mail] of everyMail(renamed, recipient)) {
      const whole = `${mail.subject}\n${mail.text}\n${mail.html}`;
      expect(whole, kind).not.toMatch(/cahier/i);
      expect(mail.subject, kind).toContain("Carnet de bord");
      expect(mail.subject, kind).not.toMatch(/[\r\n]/);
      expect(mail.text, kind).toContain("Carnet de bord");
    }
  });

  it.each([ada, amelie])("draws buttons and links in the site's colour ($locale)", (recipient) => {
    for (const [kind, mail] of everyMail(SITE, recipient)) {
      if (kind === "sign-in code") continue;
      expect(mail.html, kind).toContain(`background:${ACCENT};color:#ffffff`);
      expect(mail.html, kind).not.toMatch(/#1d4ed8|#2563eb|blue/i);
    }
    expect(verificationMail(SITE, recipient, "t").html).toContain(`color:${ACCENT};`);
  });
});

describe("French mails (issue 25 item 16)", () => {
  const mails = everyMail(SITE, amelie);

  it("put a narrow no-break space, and no other, before : ; ? and !", () => {
    for (const [kind, mail] of mails) {
      const text = words(mail);
      expect(text, kind).not.toMatch(/(^|[^\u202f])[:;?!](\s|$)/m);
      expect(mail.html, kind).not.toMatch(/[ \u00a0][:;?!](\s|<)/);
    }
    expect(mails.some(([, mail]) => mail.text.includes("\u202f:"))).toBe(true);
    expect(frenchSpacing("Heure : 10:42, https://x.example ? Oui!")).toBe(
      "Heure\u202f: 10:42, https://x.example\u202f? Oui\u202f!",
    );
  });

  it("have no English words", () => {
    const english =
      /\b(the|your|you|and|with|from|this|that|hello|team|sign|password|device|unknown|button|link|email|account|on)\b/i;
    for (const [kind, mail] of mails) expect(words(mail), kind).not.toMatch(english);
    const device = mails.find(([kind]) => kind === "new device")?.[1];
    expect(device?.text).toContain("Appareil\u202f: Firefox sous Windows");
  });
});
