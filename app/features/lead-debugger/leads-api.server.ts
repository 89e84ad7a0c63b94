/**
 * GET or POST /api/leads-on-trees?endpoint=funding|m-a (spec 02 §7): one page from the provider, through the
 * importer's client. The key comes from the x-lot-api-key header, else the key held for the admin's debugger
 * session. Answers { success: true, data, dropped, droppedReasons } or { success: false, error }: 400 for our caller's mistakes, 502 when the
 * provider fails (its message kept: "Authentication failed - check API key" says what to fix).
 */
import { ProviderQuery, type ProviderEndpoint } from "~/features/imports/provider/provider-query.ts";
import {
  createProviderClient,
  KEY_REQUIRED,
  PROVIDER_KEY_HEADER,
  ProviderError,
} from "~/features/imports/provider/provider-client.server.ts";
import type { RouterContextProvider } from "react-router";
import { getAppContext } from "~/lib/app-context.ts";
import { getEnv } from "~/lib/env.server.ts";
import { STATUS_BY_CODE } from "~/lib/errors.ts";
import { readJsonBody } from "~/lib/http.server.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { ENDPOINTS } from "./debugger-forms.ts";
import { redactSecret, type DebuggerSession } from "./debugger-state.ts";
import { debuggerOwner, DebuggerSessionStore } from "./session-store.server.ts";

const NO_STORE = { "Cache-Control": "no-store" } as const;

export const BAD_ENDPOINT = "endpoint must be funding or m-a, e.g. /api/leads-on-trees?endpoint=funding";
export const BAD_JSON = "The body must be a JSON object of query parameters";

const fail = (status: number, error: string) => Response.json({ success: false, error }, { status, headers: NO_STORE });

/**
 * GET: the query string (less endpoint); POST: the JSON body, or none at all. A body that is not a JSON object is a
 * 400 (BAD_JSON); one too large or not text a 413 or 400 with its reason (readJsonBody).
 */
async function readParameters(
  request: Request,
  url: URL,
): Promise<{ ok: true; value: Record<string, unknown> } | { ok: false; status: number; message: string }> {
  if (request.method === "GET" || request.method === "HEAD") {
    const params = Object.fromEntries(url.searchParams);
    delete params.endpoint;
    return { ok: true, value: params };
  }
  const read = await readJsonBody(request);
  if (!read.ok)
    return read.code === "payload_too_large"
      ? { ok: false, status: STATUS_BY_CODE.payload_too_large, message: read.message }
      : { ok: false, status: 400, message: `${BAD_JSON}: ${read.message}` };
  if (read.value === undefined) return { ok: true, value: {} };
  const body = read.value;
  return body && typeof body === "object" && !Array.isArray(body)
    ? { ok: true, value: body as Record<string, unknown> }
    : { ok: false, status: 400, message: BAD_JSON };
}

export interface LeadsApiDeps {
  /** The caller's debugger session, if it has one (for the held key and base URL). */
  session: DebuggerSession | undefined;
  /** The configured provider (PROVIDER_API_URL unless a test points elsewhere). */
  providerUrl?: string;
  /** Defaults to the guarded outbound fetch (DESIGN D16): the session's base url is whatever its admin typed. */
  fetch?: typeof globalThis.fetch;
  maxRetries?: number;
}

export async function answerLeadsRequest(request: Request, deps: LeadsApiDeps): Promise<Response> {
  const url = new URL(request.url);
  const endpoint = url.searchParams.get("endpoint");
  if (!endpoint || !ENDPOINTS.includes(endpoint as ProviderEndpoint)) return fail(400, BAD_ENDPOINT);
  const parameters = await readParameters(request, url);
  if (!parameters.ok) return fail(parameters.status, parameters.message);
  const query = ProviderQuery.safeParse(parameters.value);
  if (!query.success) {
    const issue = query.error.issues[0]!;
    return fail(400, `${issue.path.join(".") || "query"}: ${issue.message}`);
  }
  const headerKey = request.headers.get(PROVIDER_KEY_HEADER)?.trim();
  // A GET is not origin-checked: a link on another site could make the admin's browser spend the held key, so a
  // cross-site GET must bring its own key (a POST is origin-checked for every route, server/app.ts).
  const fetchSite = request.headers.get("sec-fetch-site");
  const crossSiteGet = request.method !== "POST" && fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none";
  const heldKey = crossSiteGet ? undefined : deps.session?.key?.reveal();
  const apiKey = headerKey || heldKey;
  if (!apiKey) return fail(400, KEY_REQUIRED);
  // The held key goes only where its admin pointed it; a key given in the header goes to the configured provider.
  const baseUrl = !headerKey && deps.session ? deps.session.baseUrl : (deps.providerUrl ?? getEnv().PROVIDER_API_URL);
  const client = createProviderClient({
    baseUrl,
    apiKey,
    timeoutMs: getEnv().PROVIDER_TIMEOUT_MS,
    maxRetries: deps.maxRetries ?? 2,
    maxDelayMs: 5_000,
    fetch: deps.fetch,
    logger,
  });
  try {
    const page = await client.fetchPage(endpoint as ProviderEndpoint, query.data);
    // Records the schema refused are counted and explained, not silently missing from `data` (issue 32).
    const answer = { success: true, data: page.records, dropped: page.dropped, droppedReasons: page.droppedReasons };
    return Response.json(redactSecret(answer, apiKey), { headers: NO_STORE });
  } catch (error) {
    if (error instanceof ProviderError) return fail(502, redactSecret(error.message, apiKey));
    logger.error({ err: error, endpoint }, "lead-data provider request failed");
    return fail(500, "Something went wrong. Please try again later.");
  }
}

/**
 * The whole endpoint for the route's loader (GET) and action (POST): admins only, answered 401 or 403 in JSON
 * otherwise (DESIGN D7); other methods get 405.
 */
export async function leadsApi(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  /** Test seam: the route passes nothing, so the provider is called through the guarded outbound fetch. */
  seams: Pick<LeadsApiDeps, "fetch"> = {},
): Promise<Response> {
  const admin = requireAdmin(args, "debug");
  if (!["GET", "HEAD", "POST"].includes(args.request.method)) {
    return Response.json({ success: false, error: "Use GET or POST." }, { status: 405, headers: { Allow: "GET, POST", ...NO_STORE } });
  }
  const { database } = getAppContext(args.context);
  const session = await new DebuggerSessionStore(database).find(await debuggerOwner(args, admin));
  return answerLeadsRequest(args.request, { session, fetch: seams.fetch });
}
