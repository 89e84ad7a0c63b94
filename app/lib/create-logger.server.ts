/**
 * The one way to make a logger (decision 0112): the application's (logger.server.ts, used by routes, jobs and the
 * scripts that run them), and the server processes' own (server/server-log.ts: the cluster's primary and each HTTP
 * server, whose access log is a child of it). Every one gets the same options: the rules of log-redaction.ts
 * (secrets in URLs, text, errors and fields; the values of failed queries), the request headers that are
 * credentials, and the level from LOG_LEVEL. Plain code with relative imports only: server/ loads it without Vite.
 */
import { pino, type DestinationStream, type Logger, type LoggerOptions } from "pino";
import { REDACTED, safeLogOptions } from "./log-redaction.ts";
import { logLevel } from "./startup-failure.ts";

/**
 * Credentials in a logged request or object that the field-name rules of log-redaction.ts do not catch by name:
 * the session cookie, a bearer token, the API-key header.
 */
const CREDENTIAL_PATHS = ["req.headers.cookie", "req.headers.authorization", 'req.headers["x-lot-api-key"]', "*.apiKey", "*.password"];

export interface LoggerSettings {
  /** The level; LOG_LEVEL when not given (an invalid one falls back to "info": the settings check names it). */
  level?: string;
  /** Fields added to every line (the active trace's ids: trace-log-fields.ts). */
  mixin?: LoggerOptions["mixin"];
}

export function createLogger(settings: LoggerSettings = {}, destination?: DestinationStream): Logger {
  const options = safeLogOptions({
    level: settings.level ?? logLevel(process.env.LOG_LEVEL),
    redact: { paths: CREDENTIAL_PATHS, censor: REDACTED },
    ...(settings.mixin ? { mixin: settings.mixin } : {}),
  });
  return destination ? pino(options, destination) : pino(options);
}
