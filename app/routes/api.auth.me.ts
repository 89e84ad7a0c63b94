import type { Route } from "./+types/api.auth.me";
import { toPublicUser } from "~/features/accounts/account-session.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";

/** GET /api/auth/me: the signed-in user (spec 01 §7), or 401 when signed out. */
export async function loader({ context }: Route.LoaderArgs) {
  const { database, user } = getAppContext(context);
  if (!user) throw new AppError("unauthorized", "Not signed in.");
  return Response.json({ user: await toPublicUser(database, user) }, { headers: { "Cache-Control": "no-store" } });
}
