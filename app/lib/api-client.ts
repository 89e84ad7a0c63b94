/**
 * The browser's one way to call this site's JSON endpoints (decision 0110); lint refuses `fetch` anywhere else in
 * browser code. Every call ends in one of three answers the caller can tell apart without a try/catch:
 * - ok: the endpoint's JSON (`null` when it sent none);
 * - http: the server answered with an error status, and `error` is what it said: the pipeline's `{ error, requestId?,
 *   ...details }` (decision 0044) or a form result's `{ ok: false, message, errors }` (decision 0045). `body` keeps the
 *   whole object for callers that read more of it (a form's field errors, the job already running);
 * - network: no answer at all (offline, the server unreachable, or the caller aborted), for the caller to say so in its
 *   own words.
 */

export type ApiBody = Record<string, unknown>;

export type ApiFailure =
  | {
      ok: false;
      kind: "http";
      status: number;
      /** The server's message: `error`, else a form result's `message`; null when the body has neither. */
      error: string | null;
      /** The input field the error is about (parse()'s `details.field`), when the server named one. */
      field: string | null;
      requestId: string | null;
      body: ApiBody | null;
    }
  | { ok: false; kind: "network"; error: string; aborted: boolean };

export type ApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;

export interface CallOptions {
  signal?: AbortSignal;
}

function asObject(json: unknown): ApiBody | null {
  return json !== null && typeof json === "object" && !Array.isArray(json) ? (json as ApiBody) : null;
}

const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null);

async function call<T>(url: string, init: RequestInit): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    const aborted = cause instanceof DOMException && cause.name === "AbortError";
    return { ok: false, kind: "network", error: cause instanceof Error && cause.message ? cause.message : "Network error", aborted };
  }
  // An answer that is not JSON (an empty 204, a proxy's HTML page) reads as no body, never as a thrown error.
  const json: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, data: json as T };
  const body = asObject(json);
  return {
    ok: false,
    kind: "http",
    status: response.status,
    error: text(body?.error) ?? text(body?.message),
    field: text(body?.field),
    requestId: text(body?.requestId),
    body,
  };
}

/** GET a JSON endpoint of this site. */
export function getJson<T = unknown>(url: string, options: CallOptions = {}): Promise<ApiResult<T>> {
  return call<T>(url, { headers: { Accept: "application/json" }, signal: options.signal });
}

/** POST to a JSON endpoint of this site: `body` as JSON, or no body at all when it is undefined. */
export function postJson<T = unknown>(url: string, body?: unknown, options: CallOptions = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return call<T>(url, {
    method: "POST",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });
}
