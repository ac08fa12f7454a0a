/** The account emails: language, links from the app URL, escaping. */
import { describe, expect, it } from "vitest";
import {
  emailChangeMail,
  escapeHtml,
  mailLocale,
  otpMail,
  passwordResetMail,
  verificationMail,
  type MailRecipient,
} from "./templates.ts";

const APP = "https://cahier.example/journal";
const ada: MailRecipient = { email: "ada@example.com", name: "Ada", locale: "en" };
const amelie: MailRecipient = { email: "amelie@example.fr", name: "Amélie", locale: "fr" };

describe("mail templates", () => {
  it.each([
    ["verification", verificationMail(APP, ada, "tok.en-1"), "/login?verify=tok.en-1"],
    ["password reset", passwordResetMail(APP, ada, "tok.en-2"), "/passwordReset?token=tok.en-2"],
    [
      "email change",
      emailChangeMail(APP, ada, "tok.en-3"),
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
    expect(verificationMail(APP, ada, "t").subject).toBe("Verify your Cahier email address");
    const fr = verificationMail(APP, amelie, "t");
    expect(fr.subject).toBe("Vérifiez votre adresse e-mail Cahier");
    expect(fr.text).toContain("Bonjour Amélie,");
    expect(fr.html).toContain('<html lang="fr">');
    expect(fr.html).toContain("L&#39;équipe Cahier");
    expect(passwordResetMail(APP, amelie, "t").subject).toBe(
      "Réinitialisez votre mot de passe Cahier",
    );
    expect(emailChangeMail(APP, amelie, "t").subject).toBe(
      "Confirmez votre nouvelle adresse e-mail Cahier",
    );
    expect(otpMail(amelie, "01234567").subject).toBe("Votre code de connexion Cahier");
  });

  it("carries the OTP code and no link", () => {
    const mail = otpMail(ada, "01234567");
    expect(mail.text).toContain("01234567");
    expect(mail.html).toContain(">01234567</p>");
    expect(mail.text).not.toMatch(/https?:/);
    expect(mail.html).not.toContain("href=");
  });

  it("names the new address in the email change message", () => {
    const mail = emailChangeMail(APP, { ...ada, email: "new@example.com" }, "t");
    expect(mail.to).toBe("new@example.com");
    expect(mail.text).toContain("Confirm new@example.com as the new email address");
  });

  it("greets without a name when there is none", () => {
    expect(verificationMail(APP, { ...ada, name: "  " }, "t").text).toMatch(/^Hello,\n/);
    expect(verificationMail(APP, { ...amelie, name: "" }, "t").text).toMatch(/^Bonjour,\n/);
  });

  it("escapes every value in the HTML", () => {
    const evil: MailRecipient = {
      email: 'x"><script>alert(1)</script>@example.com',
      name: '<img src=x onerror="alert(1)">&',
      locale: "en",
    };
    const change = emailChangeMail(APP, evil, 'a"b<c');
    for (const html of [
      change.html,
      verificationMail(APP, evil, "t").html,
      otpMail(evil, "<b>").html,
    ]) {
      expect(html).not.toContain("<script>");
      expect(html).not.toContain("<img");
      expect(html).not.toContain("<b>");
    }
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
