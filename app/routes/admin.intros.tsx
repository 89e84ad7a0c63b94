import { z } from "zod";
import type { Route } from "./+types/admin.intros";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { IntroReviewPage } from "~/features/introductions/intro-review-page.tsx";
import { introReviewData } from "~/features/introductions/intro-review-page.server.ts";
import { reviewIntroRequest } from "~/features/introductions/intro-review.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { fieldErrors, keptValues } from "~/lib/form-parse.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Introduction requests | Introbase" }, { name: "robots", content: "noindex" }];
}

/** Operators screen introduction requests (issue 4 §2): approve (the recipient is asked) or reject (the requester is told). */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  return introReviewData(getAppContext(args.context).database, new URL(args.request.url));
}

const Review = z.object({
  id: z.uuid(),
  decision: z.enum(["approve", "reject"]),
  reason: z.string().trim().max(1000, "At most 1,000 characters.").optional(),
});

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  const form = Object.fromEntries(await readForm(args.request));
  const parsed = Review.safeParse(form);
  if (!parsed.success) {
    const errors = fieldErrors<"reason">(parsed.error);
    const message = errors.reason ?? "Choose a request and a decision.";
    const target = typeof form.id === "string" ? form.id.slice(0, 36) : undefined;
    return formRefused<"reason">("bad_request", { message, target, errors, values: keptValues(["reason"], form) });
  }
  const { id, decision, reason } = parsed.data;
  try {
    await reviewIntroRequest(getAppContext(args.context).database, { requestId: id, decision, reason: reason || null, admin });
    return formDone({
      target: id,
      message: decision === "approve" ? "Approved: the recipient has been e-mailed." : "Rejected: the requester has been told.",
    });
  } catch (error) {
    return formRefusedBy<"reason">(error, { target: id });
  }
}

export default function AdminIntros({ loaderData, actionData }: Route.ComponentProps) {
  return <IntroReviewPage page={loaderData} result={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
