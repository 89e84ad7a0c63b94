import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/admin.intros";
import { AuditHistory, toHistory } from "~/components/admin/audit-history.tsx";
import { StatusTabs } from "~/components/admin/status-tabs.tsx";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { inputClass } from "~/components/ui/form-field.tsx";
import { auditTrailFor } from "~/features/audit/audit-log.server.ts";
import { INTRO_STATUS_LABEL, REVIEW_TABS } from "~/features/introductions/intro-status.ts";
import { countIntroRequestsByStatus, listIntroRequests, reviewIntroRequest } from "~/features/introductions/intro-review.server.ts";
import { INTRO_STATUSES } from "#db/schema/introductions.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { cn } from "~/lib/cn.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Introduction requests | Introbase" }, { name: "robots", content: "noindex" }];
}

/** Operators screen introduction requests (issue 4 §2): approve (the recipient is asked) or reject (the requester is told). */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const { database } = getAppContext(args.context);
  const raw = new URL(args.request.url).searchParams.get("status") ?? "pending_review";
  const status =
    raw === "all"
      ? null
      : (INTRO_STATUSES as readonly string[]).includes(raw)
        ? (raw as (typeof INTRO_STATUSES)[number])
        : "pending_review";
  const [rows, counts] = await Promise.all([listIntroRequests(database, status), countIntroRequestsByStatus(database)]);
  const trails = await auditTrailFor(
    database,
    rows.map((r) => r.request.id),
  );
  return {
    status: status ?? "all",
    counts,
    requests: rows.map(({ request: r, listingSlug, listingType, primaryContactEmail }) => ({
      id: r.id,
      recipientName: r.recipientName,
      profile: `/profile/${listingType}/${listingSlug}`,
      primaryContactEmail,
      requesterName: r.requesterName,
      requesterEmail: r.requesterEmail,
      requesterPhone: r.requesterPhone,
      message: r.message,
      status: r.status,
      decisionNote: r.decisionNote,
      createdAt: r.createdAt.toISOString(),
      history: toHistory(trails.get(r.id)),
    })),
  };
}

const Review = z.object({
  id: z.uuid(),
  decision: z.enum(["approve", "reject"]),
  reason: z.string().trim().max(1000, "At most 1,000 characters.").optional(),
});

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  const parsed = Review.safeParse(Object.fromEntries(await readForm(args.request)));
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "Choose a request and a decision." };
  const { id, decision, reason } = parsed.data;
  try {
    await reviewIntroRequest(getAppContext(args.context).database, { requestId: id, decision, reason: reason || null, admin });
    return {
      ok: true,
      id,
      message: decision === "approve" ? "Approved: the recipient has been e-mailed." : "Rejected: the requester has been told.",
    };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return { ok: false, message: error.message };
    throw error;
  }
}

export default function AdminIntros({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { counts } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Introduction requests</h1>
      <p className="mt-2 text-sm text-fg-muted">
        Approve to e-mail the recipient accept and decline links; nobody is introduced until they accept.
      </p>
      <StatusTabs
        label="Request status"
        tabs={REVIEW_TABS}
        current={loaderData.status}
        labels={{ ...INTRO_STATUS_LABEL, all: "All" }}
        counts={counts}
      />
      {/* Above the list: a decided request leaves the "In review" tab, so its confirmation cannot sit beside it. */}
      {actionData ? (
        <p role={actionData.ok ? "status" : "alert"} className={cn("mt-4 text-sm", actionData.ok ? "" : "text-danger")}>
          {actionData.message}
        </p>
      ) : null}
      {loaderData.requests.length === 0 ? <p className="mt-8 text-fg-muted">No requests here.</p> : null}
      <ul className="mt-6 grid gap-4">
        {loaderData.requests.map((r) => (
          <li key={r.id} className="rounded-lg border border-border p-4" data-testid="intro-request">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-medium break-words">
                {r.requesterName} →{" "}
                <Link to={r.profile} className="text-accent underline">
                  {r.recipientName}
                </Link>
              </h2>
              <Badge variant={r.status === "accepted" ? "accent" : "outline"}>{INTRO_STATUS_LABEL[r.status]}</Badge>
            </div>
            <p className="mt-1 text-xs break-all text-fg-muted">
              {r.requesterEmail}
              {r.requesterPhone ? ` · ${r.requesterPhone}` : ""} · sent {r.createdAt.slice(0, 16).replace("T", " ")} UTC · recipient
              contact: {r.primaryContactEmail ?? <span className="text-danger">none on the listing</span>}
            </p>
            <p className="mt-3 text-sm whitespace-pre-wrap">{r.message}</p>
            {r.decisionNote ? <p className="mt-2 text-sm text-fg-muted">Reason: {r.decisionNote}</p> : null}
            {r.status === "pending_review" ? (
              <Form method="post" className="mt-4 grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
                <input type="hidden" name="id" value={r.id} />
                <label className="text-sm">
                  Reason for a rejection (sent to the requester, optional)
                  <textarea name="reason" rows={2} maxLength={1000} className={inputClass} />
                </label>
                <div className="flex gap-2">
                  <Button type="submit" size="sm" name="decision" value="approve" disabled={busy}>
                    Approve
                  </Button>
                  <Button type="submit" size="sm" variant="secondary" name="decision" value="reject" disabled={busy}>
                    Reject
                  </Button>
                </div>
              </Form>
            ) : null}
            <AuditHistory entries={r.history} collapsed />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
