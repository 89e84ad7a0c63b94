import type { Route } from "./+types/api.auth.csrf";
import { issueCsrfToken } from "~/features/accounts/account-session.server.ts";
import { getAppContext } from "~/lib/app-context.ts";

/** GET /api/auth/csrf: `{ csrfToken }` for the session POST. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { csrfToken, setCookie } = await issueCsrfToken(getAppContext(context).database, request.headers);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return Response.json({ csrfToken }, { headers });
}
