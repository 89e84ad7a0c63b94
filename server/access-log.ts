/**
 * The access log: one line per request (method, URL without its secrets, status, time) under the request id the
 * server makes, never the client's; the id is sent as X-Request-Id and shared by the error's log line and page
 * (server/app.ts, decision 0044). The URL goes through redactUrl (decision 0071): an unsubscribe or intro link, a
 * verification token or an OAuth code in a log is a credential for whoever reads it. Headers (cookies, the referer,
 * keys) are not logged at all.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { redactUrl, safeLogValue } from "../app/lib/log-redaction.ts";
import { traceFieldsOf } from "../app/lib/trace-log-fields.ts";
import { requestSpanContext } from "./tracing.ts";

/** The longest URL a line keeps: enough to tell the route and its query, not a megabyte of query string. */
const MAX_URL = 300;

export function accessLog(log: Logger) {
  return pinoHttp({
    logger: log,
    genReqId: (_req: IncomingMessage, res: ServerResponse) => {
      const id = randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    serializers: {
      // Redacted before it is cut: a cut could split a secret from the name that marks it.
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url).slice(0, MAX_URL),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: safeLogValue,
    },
    // The request's trace beside its id while tracing is on (decision 0105); nothing otherwise.
    customProps: (req) => traceFieldsOf(requestSpanContext(req)),
    autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
  });
}
