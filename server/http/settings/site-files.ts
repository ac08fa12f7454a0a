/**
 * The site's own files (ADR 069): the icon and social image uploads of superusers
 * (`POST`/`DELETE /api/settings/icon` and `/api/settings/social-image`), and what pages link
 * to: `/site/<icon>.png`, `/site/social.jpg`, `/site/custom.css` and `/manifest.webmanifest`.
 * A file asked for with its current version (`?v=`) may be kept a year; without it, or with
 * an old one, it is the current file, revalidated.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CoreError, badRequest, fieldError } from "../../core/errors.ts";
import type { SettingsService } from "../../core/settings/settings-service.ts";
import { contentVersion, customCssVersion } from "../../core/site/site-identity.ts";
import { MAX_SITE_IMAGE_BYTES, type SiteImages } from "../../core/site/site-images.ts";
import { detectLocale } from "../../../shared/i18n/locales.ts";
import {
  DEFAULT_VERSION,
  isSiteIconName,
  SITE_FILES_PREFIX,
} from "../../../shared/site/site-files.ts";
import { requireSuperuser } from "../superuser.ts";
import { webManifest } from "./web-manifest.ts";

const YEAR = "public, max-age=31536000, immutable";
const REVALIDATE = "public, no-cache";

/** Reads the one image of a multipart upload under `field`; 400 without it, 413 over the limit. */
async function readUpload(request: FastifyRequest, field: string): Promise<Buffer> {
  const missing = () =>
    badRequest("An error occurred while validating the submitted data.", {
      [field]: fieldError("validation_required", "Missing required value."),
    });
  if (!request.isMultipart()) throw missing();
  if (Number(request.headers["content-length"] ?? 0) > MAX_SITE_IMAGE_BYTES + 64 * 1024)
    throw new CoreError(413, "Request entity too large.");
  let data: Buffer | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_SITE_IMAGE_BYTES, files: 1 },
    })) {
      if (part.type !== "file") continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === field) data = bytes;
    }
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (status === 413 || (error as { code?: unknown }).code === "FST_REQ_FILE_TOO_LARGE")
      throw new CoreError(413, "Request entity too large.");
    throw badRequest("An error occurred while loading the submitted data.");
  }
  if (!data?.length) throw missing();
  return data;
}

/** Sends `body` with a year's caching when `?v=` names `version`, else revalidated. */
function sendVersioned(
  request: FastifyRequest,
  reply: FastifyReply,
  version: string,
  type: string,
  body: Buffer | string,
): FastifyReply {
  const asked = (request.query as { v?: unknown }).v;
  const etag = `"${version}"`;
  void reply
    .header("content-type", type)
    .header("cache-control", asked === version ? YEAR : REVALIDATE)
    .header("etag", etag)
    .header("x-content-type-options", "nosniff");
  if (request.headers["if-none-match"] === etag) return reply.status(304).send();
  return reply.send(body);
}

/** Registers the uploads and the site's files. */
export function registerSiteFileRoutes(
  app: FastifyInstance,
  settings: SettingsService,
  images: SiteImages,
): void {
  const uploads = [
    { path: "/api/settings/icon", field: "icon", kind: "icon" },
    { path: "/api/settings/social-image", field: "socialImage", kind: "socialImage" },
  ] as const;
  for (const { path, field, kind } of uploads) {
    app.post(path, { bodyLimit: MAX_SITE_IMAGE_BYTES + 64 * 1024 }, async (request) => {
      requireSuperuser(request);
      const data = await readUpload(request, field);
      const version =
        kind === "icon" ? await images.saveIcon(data) : await images.saveSocialImage(data);
      const view = await settings.setSiteImage(kind, version);
      await images.prune(kind, version);
      return view;
    });
    app.delete(path, async (request) => {
      requireSuperuser(request);
      const view = await settings.setSiteImage(kind, "");
      await images.prune(kind, "");
      return view;
    });
  }

  app.get<{ Params: { name: string } }>(
    `${SITE_FILES_PREFIX}/:name.png`,
    async (request, reply) => {
      const { name } = request.params;
      if (!isSiteIconName(name)) {
        reply.callNotFound();
        return reply;
      }
      const version = settings.identity.icon;
      const body = await images.icon(version, name);
      if (!body) {
        reply.callNotFound();
        return reply;
      }
      return sendVersioned(request, reply, version || DEFAULT_VERSION, "image/png", body);
    },
  );

  app.get(`${SITE_FILES_PREFIX}/social.jpg`, async (request, reply) => {
    const version = settings.identity.socialImage;
    const body = await images.socialImage(version);
    if (!body) {
      reply.callNotFound();
      return reply;
    }
    return sendVersioned(request, reply, version, "image/jpeg", body);
  });

  app.get(`${SITE_FILES_PREFIX}/custom.css`, async (request, reply) => {
    const css = settings.identity.customCss;
    return sendVersioned(request, reply, customCssVersion(css), "text/css; charset=utf-8", css);
  });

  app.get("/manifest.webmanifest", async (request, reply) => {
    const locale = detectLocale(
      request.headers.cookie ?? null,
      request.headers["accept-language"] ?? null,
    );
    const body = JSON.stringify(webManifest(settings.appName, settings.identity, locale));
    return sendVersioned(
      request,
      reply.header("vary", "Accept-Language, Cookie").header("content-language", locale),
      contentVersion(body),
      "application/manifest+json; charset=utf-8",
      body,
    );
  });
}
