/**
 * The site's identity as a module (ADR 069): its images in the file storage, and the routes of
 * its uploads and of the files pages link to (icons, social image, custom sheet, manifest).
 */
import { SiteImages } from "../core/site/site-images.ts";
import { registerSiteFileRoutes } from "../http/settings/site-files.ts";
import type { FileStorage } from "../tools/filesystem/storage.ts";
import type { Kernel } from "../kernel/module.ts";

/** Makes the site's images and registers their routes. */
export function siteModule(kernel: Kernel, { storage }: { storage: FileStorage }): SiteImages {
  const images = new SiteImages(storage);
  kernel.routes.push((app) => {
    registerSiteFileRoutes(app, kernel.settings, images);
  });
  return images;
}
