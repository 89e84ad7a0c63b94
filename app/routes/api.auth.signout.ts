import type { Route } from "./+types/api.auth.signout";
import { getAppContext } from "~/lib/app-context.ts";
import { getAuth } from "~/lib/auth.server.ts";
import { methodNotAllowed, seeOther } from "~/lib/http.server.ts";

/** What this endpoint takes (decision 0069): its loader only refuses, so GET and HEAD are not in Allow. */
export const methods = ["POST"];

/**
 * POST /api/auth/signout: deletes the session row (the cookie is then worthless everywhere) and clears the
 * cookie. The origin check has already run. A form without JavaScript is sent home, as the spec's sign-out is.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (getAppContext(context).user) {
    const result = await getAuth(getAppContext(context).database).api.signOut({ headers: request.headers, returnHeaders: true });
    for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  }
  if ((request.headers.get("accept") ?? "").includes("text/html")) return seeOther("/", headers);
  return Response.json({ ok: true }, { headers });
}

export const loader = methodNotAllowed;
