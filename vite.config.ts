/**
 * Vite configuration of the web app: React Router's framework plugin and Tailwind CSS 4.
 * `npm run build` (`react-router build`) writes `build/client` (hashed assets) and
 * `build/server` (the SSR bundle the Fastify server imports).
 */
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // Every route chunk is small; the largest is React DOM itself.
    chunkSizeWarningLimit: 600,
  },
  ssr: {
    // Bundled into the server build, so it holds the few icons the pages use, not the whole
    // set the package loads (about 10 MB of the server's heap, issue 30).
    noExternal: ["lucide-react"],
  },
});
