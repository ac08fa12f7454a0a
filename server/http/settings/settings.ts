/**
 * `/api/settings` (superusers): read and change the instance settings, and
 * `POST /api/settings/test/email` to check mail delivery.
 */
import type { FastifyInstance } from "fastify";
import { badRequest, fieldError } from "../../core/errors.ts";
import type { Mailer } from "../../core/mail/mailer.ts";
import { escapeHtml } from "../../core/mail/templates.ts";
import type { SettingsService } from "../../core/settings/settings-service.ts";
import { readBody } from "../middlewares/body.ts";
import { requireSuperuser } from "../superuser.ts";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Registers the settings API. */
export function registerSettingsRoutes(
  app: FastifyInstance,
  settings: SettingsService,
  mailer: Mailer,
): void {
  app.get("/api/settings", async (request) => {
    requireSuperuser(request);
    await settings.reload();
    return settings.view();
  });

  app.patch("/api/settings", async (request) => {
    requireSuperuser(request);
    const body = await readBody(request, "An error occurred while loading the submitted data.");
    return settings.update(body);
  });

  app.post("/api/settings/test/email", async (request, reply) => {
    requireSuperuser(request);
    const body = await readBody(request, "An error occurred while loading the submitted data.");
    const email = typeof body.email === "string" ? body.email.trim() : "";
    if (!EMAIL.test(email)) {
      throw badRequest("An error occurred while validating the submitted data.", {
        email: fieldError(
          email ? "validation_is_email" : "validation_required",
          email ? "Must be a valid email address." : "Cannot be blank.",
        ),
      });
    }
    const name = settings.appName;
    try {
      // Awaited on purpose: the operator wants to know whether delivery works.
      await mailer.transport.deliver({
        from: mailer.from,
        to: email,
        subject: `${name}: test email`,
        text: `This is a test email from ${name}. Mail delivery works.\n\nCeci est un email de test de ${name}. L'envoi fonctionne.\n`,
        html: `<p>This is a test email from ${escapeHtml(name)}. Mail delivery works.</p><p lang="fr">Ceci est un email de test de ${escapeHtml(name)}. L'envoi fonctionne.</p>`,
      });
    } catch (error) {
      request.log.warn({ err: error }, "test email failed");
      throw badRequest(
        `Failed to send the test email: ${error instanceof Error ? error.message.slice(0, 200) : "unknown error"}`,
      );
    }
    return reply.status(204).send();
  });
}
