import { isRouteErrorResponse, type ErrorResponse } from "react-router";
import { INTERNAL_ERROR_MESSAGE, STATUS_BY_CODE } from "./errors.ts";

/** The message a thrown answer carries: `{ message }` from a route, `{ error }` from a JSON error (readForm's 400 and 413). */
function errorMessageOf(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || !error.data || typeof error.data !== "object") return null;
  const data = error.data as { message?: unknown; error?: unknown };
  if (typeof data.message === "string") return data.message;
  return typeof data.error === "string" ? data.error : null;
}

const TITLES: Record<number, string> = {
  400: "The request could not be read",
  403: "Access denied",
  404: "Page not found",
  405: "Not allowed here",
  409: "This changed in the meantime",
  413: "The request is too large",
  429: "Too many requests",
};

/** A plain title for an error page's status. */
function statusTitle(status: number): string {
  return TITLES[status] ?? "Something went wrong";
}

/** What an error page shows, read from what the error pipeline (app/lib/error-answer.server.ts) threw. */
export interface RouteErrorView {
  status: number;
  title: string;
  /** The route's own message; null when it gave none (a bare 404 is the site's not-found page). */
  ownMessage: string | null;
  message: string;
  /** The id of a failed request, to quote to support: it finds the server's log line. */
  requestId: string | null;
}

/**
 * Anything a boundary can catch: a route's `data({ message, title?, requestId? }, { status })`, or an error React
 * Router caught itself (a component that threw while rendering), which is a 500 without an id.
 */
export function routeErrorView(error: unknown): RouteErrorView {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const payload =
    isRouteErrorResponse(error) && error.data && typeof error.data === "object" ? (error.data as Record<string, unknown>) : {};
  const ownMessage = errorMessageOf(error);
  return {
    status,
    title: typeof payload.title === "string" ? payload.title : statusTitle(status),
    ownMessage,
    message: ownMessage ?? (status >= 500 ? INTERNAL_ERROR_MESSAGE : "Please try again in a moment."),
    requestId: typeof payload.requestId === "string" ? payload.requestId : null,
  };
}

/** Whether a boundary caught the database out of reach (503), which some pages explain in their own words. */
export function isDataSourceOutage(error: unknown): error is ErrorResponse {
  return isRouteErrorResponse(error) && error.status === STATUS_BY_CODE.data_source;
}
