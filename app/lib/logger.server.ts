import { createLogger } from "./create-logger.server.ts";
import { getEnv } from "./env.server.ts";
import { activeTraceFields } from "./trace-log-fields.ts";

const env = getEnv();

/**
 * The app's logger, for routes, features, jobs and the scripts that run them: made by the one factory
 * (create-logger.server.ts, decisions 0071 and 0112), so secrets never reach it.
 */
export const logger = createLogger({
  level: env.NODE_ENV === "test" ? "silent" : env.LOG_LEVEL,
  // The trace and span of the work in hand, while tracing is on (decision 0105).
  mixin: activeTraceFields,
});
