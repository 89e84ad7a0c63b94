import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#db": fileURLToPath(new URL("./db", import.meta.url)),
      // The demo data the server seeds an empty database with (server/app.ts, decision 0112).
      "#demo": fileURLToPath(new URL("./demo", import.meta.url)),
    },
  },
  // The server entry (server/app.ts) is bundled with the app so both share one module graph.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  ssr: {
    // PGlite loads its WASM and extension bundles relative to its own files: keep it external.
    // resvg loads a native binary of its platform's package; satori its WASM; the card's fonts are read from their package.
    external: ["@electric-sql/pglite", "postgres", "pino", "pino-http", "@resvg/resvg-js", "satori"],
  },
  plugins: [tailwindcss(), reactRouter()],
});
