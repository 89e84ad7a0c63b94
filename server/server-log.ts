/**
 * The log of the server processes outside the application bundle: the cluster's primary (server/index.ts) and each
 * process's HTTP server (server/http-server.ts), which also hands it to the access log. Plain code with relative
 * imports only: both run straight from Node, before (or without) the bundle.
 */
import { pino } from "pino";
import { safeLogOptions } from "../app/lib/log-redaction.ts";
import { logLevel } from "../app/lib/startup-failure.ts";

export const serverLog = pino(safeLogOptions({ level: logLevel(process.env.LOG_LEVEL) }));
