import { pino } from "pino";
import { getEnv } from "./env.server.ts";
import { safeLogOptions } from "./log-redaction.ts";

const env = getEnv();

/** The app's one logger: secrets in URLs and the values of failed queries never reach it (log-redaction.ts, decision 0071). */
export const logger = pino(
  safeLogOptions({
    level: env.NODE_ENV === "test" ? "silent" : env.LOG_LEVEL,
    redact: ["req.headers.cookie", "req.headers.authorization", 'req.headers["x-lot-api-key"]', "*.apiKey", "*.password"],
  }),
);
