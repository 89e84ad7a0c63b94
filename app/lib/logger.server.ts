import { pino } from "pino";
import { getEnv } from "./env.server.ts";

const env = getEnv();

export const logger = pino({
  level: env.NODE_ENV === "test" ? "silent" : env.LOG_LEVEL,
  redact: ["req.headers.cookie", "req.headers.authorization", 'req.headers["x-lot-api-key"]', "*.apiKey", "*.password"],
});
