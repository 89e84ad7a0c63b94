import { isRouteErrorResponse } from "react-router";

/** The message a thrown answer carries: `{ message }` from a route, `{ error }` from a JSON error (readForm's 400 and 413). */
export function errorMessageOf(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || !error.data || typeof error.data !== "object") return null;
  const data = error.data as { message?: unknown; error?: unknown };
  if (typeof data.message === "string") return data.message;
  return typeof data.error === "string" ? data.error : null;
}

const TITLES: Record<number, string> = {
  400: "The request could not be read",
  403: "Access denied",
  404: "Page not found",
  413: "The request is too large",
};

/** A plain title for an error page's status. */
export function statusTitle(status: number): string {
  return TITLES[status] ?? "Something went wrong";
}
