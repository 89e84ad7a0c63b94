/**
 * The one place a thrown value becomes an answer (decision 0044): JSON `{ error, requestId? }` for an API, a
 * `data({ message, title?, requestId? }, { status })` that a page's error boundary draws. server/app.ts runs every
 * loader and action through here (withErrorPipeline), so a route throws an AppError, or lets a failure pass, and
 * never writes a status of its own.
 */
import { data, isRouteErrorResponse, type ServerBuild } from "react-router";
import {
  AppError,
  DATA_SOURCE_ERROR_MESSAGE,
  DATA_SOURCE_ERROR_TITLE,
  INTERNAL_ERROR_MESSAGE,
  isDataSourceFailure,
  STATUS_BY_CODE,
  type ErrorCode,
} from "./errors.ts";
import { logger } from "./logger.server.ts";
import { currentRequestId, newRequestId } from "./request-id.server.ts";

/** Error bodies are about one request: no cache (browser or proxy) may keep them. */
const ERROR_HEADERS = { "Cache-Control": "no-store" } as const;

/** What a client may be told about a failure. requestId only for a 5xx: the id to quote, which finds the log line. */
export interface ErrorAnswer {
  status: number;
  message: string;
  title?: string;
  requestId?: string;
  headers?: Readonly<Record<string, string>>;
  /** A client error's facts beside its message (e.g. the job already running), from AppError's details. */
  details?: Readonly<Record<string, unknown>>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The status and the text a client may see for any thrown value. A client error (a 4xx AppError) says what was
 * wrong. The database out of reach is an outage: 503 with the data-source text of spec 01 §8. Anything else is a
 * fault of ours: 500, "Something went wrong" and a request id, with the error logged under that id. Driver
 * messages, SQL and stacks go only to the log.
 */
export function describeError(error: unknown): ErrorAnswer {
  if (error instanceof AppError && error.status < 500) {
    const details = isPlainObject(error.details) ? error.details : undefined;
    return { status: error.status, message: error.message, headers: error.headers, details };
  }
  const requestId = currentRequestId() ?? newRequestId();
  // A third party failed (decision 0079): its own words are logged; the client reads the message written for it.
  if (error instanceof AppError && error.code === "bad_gateway") {
    logger.warn({ err: error.cause ?? error, requestId }, "a third party failed");
    return { status: error.status, message: error.message, requestId };
  }
  if (isDataSourceFailure(error)) {
    logger.error({ err: error, requestId }, "data source unreachable");
    return {
      status: STATUS_BY_CODE.data_source,
      title: DATA_SOURCE_ERROR_TITLE,
      message: DATA_SOURCE_ERROR_MESSAGE,
      requestId,
      headers: { "Retry-After": "30" },
    };
  }
  logger.error({ err: error, requestId }, "unexpected error");
  return { status: STATUS_BY_CODE.internal, message: INTERNAL_ERROR_MESSAGE, requestId };
}

/** The JSON body and status of an answer. */
function toJsonResponse({ status, message, requestId, headers, details }: ErrorAnswer): Response {
  const body = { ...details, error: message, ...(requestId ? { requestId } : {}) };
  return Response.json(body, { status, headers: { ...headers, ...ERROR_HEADERS } });
}

/** The JSON answer for a thrown value (see describeError). A thrown Response passes through unchanged. */
export function jsonError(error: unknown): Response {
  if (error instanceof Response) return error;
  return toJsonResponse(describeError(error));
}

/** A JSON error answer `{ error }` for a code, e.g. `errorResponse("not_found", "No such job.")`. */
export function errorResponse(code: ErrorCode, message: string, headers?: Record<string, string>): Response {
  return toJsonResponse({ status: STATUS_BY_CODE[code], message, headers });
}

function isDataWithInit(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/**
 * What a page's loader or action should throw for a thrown value: a Response, a `data(...)` or a route error passes
 * unchanged (redirects, a loader's own 404); anything else becomes `data({ message, title?, requestId? }, { status })`,
 * which React Router sends to the error boundary as it is (a plain Error would arrive as "Unexpected Server Error",
 * without the id).
 */
export function pageError(error: unknown): unknown {
  if (error instanceof Response || isDataWithInit(error) || isRouteErrorResponse(error)) return error;
  const { status, message, title, requestId, headers } = describeError(error);
  return data(
    { message, ...(title ? { title } : {}), ...(requestId ? { requestId } : {}) },
    { status, headers: { ...headers, ...ERROR_HEADERS } },
  );
}

type Handler = (args: never) => unknown;

function wrapPage(handler: Handler): Handler {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      throw pageError(error);
    }
  };
}

function wrapResource(handler: Handler): Handler {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      return jsonError(error);
    }
  };
}

/**
 * The action of a route that has none: a POST (or PUT, DELETE...) there is answered 405 through the pipeline, with
 * the Allow header, instead of React Router's own refusal, which logged a stack trace for every such request and
 * answered a resource route's client {"message":"Unexpected Server Error"}.
 */
function refuseWrites(): never {
  throw new AppError("method_not_allowed", "This address can only be read (GET).", { headers: { Allow: "GET, HEAD" } });
}

const piped = new WeakMap<ServerBuild, ServerBuild>();

/**
 * The server build with every route's loader and action run through the pipeline: a resource route (no component)
 * answers JSON, a page throws pageError's answer to its error boundary. The build is React Router's own
 * description of the app; only the route modules' loader and action are replaced.
 */
export function withErrorPipeline(build: ServerBuild): ServerBuild {
  const known = piped.get(build);
  if (known) return known;
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const wrap = route.module.default ? wrapPage : wrapResource;
    const module = { ...route.module };
    if (module.loader) module.loader = wrap(module.loader as Handler) as typeof module.loader;
    if (module.action) module.action = wrap(module.action as Handler) as typeof module.action;
    else if (module.loader || module.default) module.action = wrap(refuseWrites) as NonNullable<typeof route.module.action>;
    routes[id] = { ...route, module };
  }
  const result = { ...build, routes };
  piped.set(build, result);
  return result;
}
