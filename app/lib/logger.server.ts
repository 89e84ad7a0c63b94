import { pino } from "pino";
import { getEnv } from "./env.server.ts";
import { safeLogOptions } from "./log-redaction.ts";
import { activeTraceFields } from "./trace-log-fields.ts";

const env = getEnv();

/** The app's one logger: secrets in URLs and the values of failed queries never reach it (log-redaction.ts, decision 0071). */
export const logger = pino(
  safeLogOptions({
    level: env.NODE_ENV === "test" ? "silent" : env.LOG_LEVEL,
    // The trace and span of the work in hand, while tracing is on (decision 0105).
    mixin: activeTraceFields,
    redact: ["req.headers.cookie", "req.headers.authorization", 'req.headers["x-lot-api-key"]', "*.apiKey", "*.password"],
  }),
);
