import { AppError, DATA_SOURCE_ERROR_MESSAGE, STATUS_BY_CODE } from "./errors.ts";
import { logger } from "./logger.server.ts";

/** Error bodies are about one request: no cache (browser or proxy) may keep them. */
const ERROR_HEADERS = { "Cache-Control": "no-store" } as const;

const INTERNAL_ERROR_MESSAGE = "Something went wrong. Please try again later.";

/** A JSON error body `{ error }` with the given status. */
export function jsonErrorResponse(status: number, message: string): Response {
  return Response.json({ error: message }, { status, headers: ERROR_HEADERS });
}

export function badRequest(message: string): Response {
  return jsonErrorResponse(STATUS_BY_CODE.bad_request, message);
}

export function notFound(message: string): Response {
  return jsonErrorResponse(STATUS_BY_CODE.not_found, message);
}

/**
 * The status and the text a client may see for any thrown value. Client errors (4xx AppErrors) say what was
 * wrong; server-side failures are logged and answered with a fixed text, so driver messages, SQL and stack
 * traces never reach a client. Anything unrecognised is most likely the database: the data-source text.
 */
export function describeError(error: unknown): { status: number; message: string } {
  if (error instanceof AppError) {
    const status = STATUS_BY_CODE[error.code];
    if (status < 500) return { status, message: error.message };
    logger.error({ err: error, code: error.code }, "request failed");
    return { status, message: error.code === "data_source" ? DATA_SOURCE_ERROR_MESSAGE : INTERNAL_ERROR_MESSAGE };
  }
  logger.error({ err: error }, "data source failure");
  return { status: STATUS_BY_CODE.data_source, message: DATA_SOURCE_ERROR_MESSAGE };
}

/** The JSON answer for a thrown value (see describeError). A thrown Response passes through unchanged. */
export function jsonError(error: unknown): Response {
  if (error instanceof Response) return error;
  const { status, message } = describeError(error);
  return jsonErrorResponse(status, message);
}

/** A POST body as a plain object, from JSON or a form (urlencoded or multipart); null when it is neither. */
export async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  try {
    if ((request.headers.get("content-type") ?? "").includes("application/json")) {
      const body: unknown = await request.json();
      return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    }
    return Object.fromEntries(await request.formData());
  } catch {
    return null;
  }
}

export function methodNotAllowed(): Response {
  return Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}
