/**
 * The log of the server processes outside the application bundle: the cluster's primary (server/index.ts) and each
 * process's HTTP server (server/http-server.ts), which also hands it to the access log. Made by the app's one
 * logger factory (decision 0112), so it redacts what the application's log redacts; relative imports only, since
 * both run straight from Node, before (or without) the bundle.
 */
import { createLogger } from "../app/lib/create-logger.server.ts";

export const serverLog = createLogger();
