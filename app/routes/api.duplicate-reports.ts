import type { Route } from "./+types/api.duplicate-reports";
import { DuplicateReport, reportDuplicate } from "~/features/duplicates/report-duplicate.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { badRequest, jsonErrorResponse, methodNotAllowed, readBody } from "~/lib/http.server.ts";

/** POST /api/duplicate-reports { listingId, duplicateOfId, note? }: a signed-in member's report, queued for review. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { database, user } = getAppContext(context);
  if (!user) return jsonErrorResponse(401, "Sign in to report a duplicate.");
  const body = await readBody(request);
  if (!body) return badRequest("The body must be JSON.");
  const parsed = DuplicateReport.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues[0]?.message ?? "Invalid report.");
  try {
    const { queued } = await reportDuplicate(database, { ...parsed.data, user });
    return Response.json(
      {
        success: true,
        message: queued ? "An operator will review the pair." : "This pair was already reported; an operator will review it.",
      },
      { status: queued ? 201 : 200, headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return jsonErrorResponse(error.status, error.message);
    throw error;
  }
}

export function loader() {
  return methodNotAllowed();
}
