/** Demo content for `cahier seed` (filled in below). */
import type { App } from "./app.ts";

/** Adds demo content; returns a summary line. */
export async function seed(app: App): Promise<string> {
  void app;
  return Promise.resolve("Nothing seeded.");
}
