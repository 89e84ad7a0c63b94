/**
 * The application as an Express sub-app. It is bundled with the React Router build (see vite.config.ts) so
 * that the server and the routes share one set of modules: one database, one logger, one cache.
 */
import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { appContext } from "~/lib/app-context.ts";
import { getDirectoryIndex } from "~/features/directory/directory-index.server.ts";
import { getDatabase } from "~/lib/database.server.ts";

/**
 * The database opened and migrated (first start: demo data), with the directory index built, so the first
 * visitor does not wait for either (the index takes about a second at 100,000 listings).
 */
export async function prepare(): Promise<void> {
  await getDirectoryIndex(await getDatabase());
}

export const app = express();
app.disable("x-powered-by");

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    async getLoadContext(_req, res) {
      const context = new RouterContextProvider();
      context.set(appContext, { database: await getDatabase(), cspNonce: String(res.locals.cspNonce ?? "") });
      return context;
    },
  }),
);
