/**
 * The request id and the last error handler of the app (decision 0044). The id is made once per request (by the
 * access log, server/http-server.ts, or here when the app runs without it), sent as X-Request-Id, and every
 * failure is logged and answered under it (app/lib/error-answer.server.ts).
 */
import type { NextFunction, Request, Response } from "express";
import { describeError } from "~/lib/error-answer.server.ts";
import { newRequestId, withRequestId } from "~/lib/request-id.server.ts";

export function requestId(req: Request, res: Response, next: NextFunction): void {
  const id = typeof req.id === "string" && req.id ? req.id : newRequestId();
  res.locals.requestId = id;
  if (!res.hasHeader("X-Request-Id")) res.setHeader("X-Request-Id", id);
  withRequestId(id, next);
}

/**
 * The last stop for a failure outside the routes (the session read before any loader, a broken stream): the
 * pipeline's answer, JSON for the API and plain text for a page, never the error itself.
 */
export function finalErrorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(error);
  const id = typeof res.locals.requestId === "string" ? res.locals.requestId : newRequestId();
  const { status, message, requestId: quoted, headers } = withRequestId(id, () => describeError(error));
  res.status(status).set({ ...headers, "Cache-Control": "no-store" });
  if (req.path.startsWith("/api/")) res.json(quoted ? { error: message, requestId: quoted } : { error: message });
  else res.type("text/plain").send(quoted ? `${message}\nReference: ${quoted}\n` : `${message}\n`);
}
