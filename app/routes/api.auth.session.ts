import type { Route } from "./+types/api.auth.session";
import { getSessionPayload, toPublicUser, updateSession } from "~/features/accounts/account-session.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { readJsonBody } from "~/lib/http.server.ts";

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /api/auth/session: `{ user, expires }`, or `{}` when signed out (the shape session clients expect). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, user } = getAppContext(context);
  const payload = user ? await getSessionPayload(database, request.headers) : null;
  if (!user || !payload) return Response.json({}, { headers: NO_STORE });
  return Response.json({ user: await toPublicUser(database, user), expires: payload.expires }, { headers: NO_STORE });
}

/** POST /api/auth/session `{ csrfToken, data: { name } }`: updates the session's user; answers the new session. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw new AppError("method_not_allowed", "Use GET or POST.", { headers: { Allow: "GET, POST" } });
  const { database } = getAppContext(context);
  const read = await readJsonBody(request);
  if (!read.ok) throw new AppError(read.code, read.message);
  const body = read.value;
  if (body === undefined) throw new AppError("bad_request", "The body must be JSON: { csrfToken, data }.");
  await updateSession(database, request.headers, body);
  const payload = await getSessionPayload(database, request.headers);
  if (!payload) return Response.json({}, { headers: NO_STORE });
  const { user } = payload.session;
  return Response.json(
    { user: { id: user.id, name: user.name, email: user.email, picture: user.image ?? null }, expires: payload.expires },
    { headers: NO_STORE },
  );
}
