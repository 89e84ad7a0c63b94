import type { Route } from "./+types/settings.my-data";
import { downloadMemberData } from "~/features/member-data/export-member-data.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { methodNotAllowed, readForm } from "~/lib/http.server.ts";

/** What this endpoint takes (decision 0069): a POST from the settings page; GET and HEAD are not in Allow. */
export const methods = ["POST"];

/**
 * POST /settings/my-data: the signed-in member's data as a JSON file (decision 0077). A POST, checked for its origin
 * like every form (CSRF), so no page of another site can make a browser fetch it, and nothing is left to link to. API
 * keys do not reach it (not under /api/).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { database, user } = getAppContext(context);
  if (!user) throw new AppError("unauthorized", "Sign in to download your data.");
  await readForm(request);
  return downloadMemberData(database, user);
}

export const loader = methodNotAllowed;
