import type { Route } from "./+types/api.duplicate-reports";
import { DuplicateReport, duplicateReportsByAddress, reportDuplicate } from "~/features/duplicates/server/report-duplicate.server.ts";
import { guardPublicForm } from "~/features/verification/public-form-guard.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { fieldErrors } from "~/lib/form-parse.ts";
import { formJson, formJsonRefusedBy } from "~/lib/form-result.server.ts";
import { methodNotAllowed, readBody } from "~/lib/http.server.ts";

/** What this endpoint takes (decision 0069): its loader only refuses, so GET and HEAD are not in Allow. */
export const methods = ["POST"];

/**
 * POST /api/duplicate-reports { listingId, duplicateOfId, note? }: a signed-in member's report, queued for review.
 * Answers with the form result (decision 0045): 201 when queued, 200 when the pair was already reported, 429 with
 * Retry-After when the client's address sent too many reports this hour (counted before any listing is read).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { database, user, clientAddress } = getAppContext(context);
  if (!user) return formJson({ ok: false, message: "Sign in to report a duplicate." }, { code: "unauthorized" });
  const body = await readBody(request);
  if (!body) return formJson({ ok: false, message: "The body must be JSON." }, { code: "bad_request" });
  const parsed = DuplicateReport.safeParse(body);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return formJson({ ok: false, message: parsed.error.issues[0]?.message ?? "Invalid report.", errors }, { code: "bad_request" });
  }
  const message = "Too many duplicate reports from your network in the last hour. Please try again later.";
  const guard = await guardPublicForm(database, { limit: { rateLimit: duplicateReportsByAddress, subject: clientAddress, message } });
  if (!guard.ok) {
    const refused = formJson({ ok: false, message: guard.message }, { code: guard.code });
    for (const [name, value] of Object.entries(guard.headers)) refused.headers.set(name, value);
    return refused;
  }
  try {
    const { queued } = await reportDuplicate(database, { ...parsed.data, user });
    const message = queued ? "An operator will review the pair." : "This pair was already reported; an operator will review it.";
    return formJson({ ok: true, message }, queued ? { created: true } : null);
  } catch (error) {
    return formJsonRefusedBy(error);
  }
}

export function loader() {
  return methodNotAllowed();
}
