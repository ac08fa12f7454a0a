/**
 * React Router framework-mode configuration: the web app in `app/` is server-rendered by the
 * Fastify process (`server/http/web/web-app.ts`) from the build in `build/`.
 */
import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
} satisfies Config;
