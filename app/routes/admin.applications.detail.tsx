import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/admin.applications.detail";
import { AuditHistory, toHistory } from "~/components/admin/audit-history.tsx";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { inputClass } from "~/components/ui/form-field.tsx";
import { FeatureApplicationFields, featureFormOptions } from "~/features/applications/feature-application-form.tsx";
import {
  applicationToFormValues,
  parseFeatureApplication,
  readFeatureForm,
  type FeatureField,
  type FeatureFormValues,
} from "~/features/applications/feature-application.ts";
import {
  approveFeatureApplication,
  getFeatureApplication,
  possibleDuplicates,
  rejectFeatureApplication,
  updateFeatureApplication,
} from "~/features/applications/feature-applications.server.ts";
import { auditTrailFor } from "~/features/audit/audit-log.server.ts";
import { getReferenceData } from "~/features/catalog/reference-data.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.application.name ?? "Application"} | Feature applications | Introbase` },
    { name: "robots", content: "noindex" },
  ];
}

async function load(args: Route.LoaderArgs | Route.ActionArgs) {
  const id = z.uuid().safeParse(args.params.id);
  const application = id.success ? await getFeatureApplication(getAppContext(args.context).database, id.data) : null;
  if (!application) throw data({ message: "No such application." }, { status: 404 });
  return application;
}

/** One application: what was sent, possible duplicates, its history; editable and decidable while new. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const { database } = getAppContext(args.context);
  const application = await load(args);
  const [reference, duplicates, trail] = await Promise.all([
    getReferenceData(database),
    possibleDuplicates(database, [application]).then((found) => found.get(application.id) ?? []),
    auditTrailFor(database, [application.id]),
  ]);
  return {
    application: {
      id: application.id,
      type: application.type,
      name: application.name,
      status: application.status,
      decisionNote: application.decisionNote,
      logoFileId: application.logoFileId,
      listingId: application.listingId,
      createdAt: application.createdAt.toISOString(),
      values: applicationToFormValues(application),
    },
    options: featureFormOptions(reference),
    duplicates,
    history: toHistory(trail.get(application.id)),
  };
}

const Decision = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save") }),
  z.object({ intent: z.literal("approve"), featured: z.literal("on").optional() }),
  z.object({
    intent: z.literal("reject"),
    reason: z.string().trim().min(1, "Give the applicant a reason.").max(1000, "At most 1,000 characters."),
  }),
]);

interface ActionResult {
  ok: boolean;
  message: string;
  errors?: Partial<Record<FeatureField | "reason", string>>;
  values?: FeatureFormValues;
  listing?: string;
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  const { database } = getAppContext(args.context);
  const application = await load(args);
  const form = await readForm(args.request);
  const decision = Decision.safeParse(Object.fromEntries(form));
  if (!decision.success) {
    const issue = decision.error.issues[0];
    return data<ActionResult>(
      { ok: false, message: issue?.message ?? "Choose an action.", errors: { reason: issue?.message } },
      { status: 400 },
    );
  }
  try {
    if (decision.data.intent === "save") {
      const values = readFeatureForm(form);
      const parsed = parseFeatureApplication(application.type, values);
      if (!parsed.ok)
        return data<ActionResult>(
          { ok: false, message: "Please correct the highlighted fields.", errors: parsed.errors, values },
          { status: 400 },
        );
      await updateFeatureApplication(database, application.id, parsed.data, admin);
      return data<ActionResult>({ ok: true, message: "Saved." });
    }
    if (decision.data.intent === "approve") {
      const listing = await approveFeatureApplication(database, application.id, { featured: decision.data.featured === "on", admin });
      return data<ActionResult>({
        ok: true,
        message: "Approved and published. The applicant has been e-mailed.",
        listing: `/profile/${listing.type}/${listing.slug}`,
      });
    }
    await rejectFeatureApplication(database, application.id, { reason: decision.data.reason, admin });
    return data<ActionResult>({ ok: true, message: "Rejected. The applicant has been e-mailed the reason." });
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      return data<ActionResult>({ ok: false, message: error.message }, { status: error.status });
    throw error;
  }
}

export default function AdminApplication({ loaderData, actionData }: Route.ComponentProps) {
  const { application: a, options, duplicates, history } = loaderData;
  const busy = useNavigation().state !== "idle";
  const open = a.status === "new";
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <Link to="/admin/applications" className="text-sm text-accent hover:underline">
        ← All applications
      </Link>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {a.logoFileId ? (
          <img
            src={`/media/${a.logoFileId}`}
            alt={`${a.name} logo`}
            width={48}
            height={48}
            className="size-12 rounded border border-border object-contain"
          />
        ) : null}
        <h1 className="text-2xl font-semibold tracking-tight">{a.name}</h1>
        <Badge variant="outline">{a.type}</Badge>
        <Badge variant={a.status === "approved" ? "accent" : "outline"}>{a.status}</Badge>
      </div>
      <p className="mt-1 text-xs text-fg-muted">Received {a.createdAt.slice(0, 16).replace("T", " ")} UTC</p>
      {duplicates.length > 0 ? (
        <div role="note" className="mt-4 rounded-lg border border-danger p-3 text-sm">
          <p className="font-medium text-danger">Possible duplicate of an existing listing</p>
          <ul className="mt-1 list-disc pl-5">
            {duplicates.map((d) => (
              <li key={d.id}>
                <Link to={`/profile/${d.type}/${d.slug}`} className="text-accent underline">
                  {d.name}
                </Link>{" "}
                <span className="text-fg-muted">({d.reason})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {actionData ? (
        <p role={actionData.ok ? "status" : "alert"} className={actionData.ok ? "mt-4 text-sm" : "mt-4 text-sm text-danger"}>
          {actionData.message}{" "}
          {actionData.listing ? (
            <Link to={actionData.listing} className="text-accent underline">
              View the listing
            </Link>
          ) : null}
        </p>
      ) : null}
      {a.decisionNote ? <p className="mt-3 text-sm text-fg-muted">Reason given: {a.decisionNote}</p> : null}

      {open ? (
        <div className="mt-6 grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2">
          <Form method="post" className="grid content-start gap-2">
            <input type="hidden" name="intent" value="approve" />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="featured" className="size-4 accent-accent" /> Feature this listing
            </label>
            <Button type="submit" disabled={busy}>
              Approve and publish
            </Button>
          </Form>
          <Form method="post" className="grid gap-2">
            <input type="hidden" name="intent" value="reject" />
            <label className="text-sm">
              Reason (e-mailed to the applicant)
              <textarea
                name="reason"
                rows={2}
                maxLength={1000}
                aria-invalid={actionData?.errors?.reason ? true : undefined}
                className={inputClass}
              />
            </label>
            {actionData?.errors?.reason ? <p className="text-xs text-danger">{actionData.errors.reason}</p> : null}
            <Button type="submit" variant="secondary" disabled={busy}>
              Reject
            </Button>
          </Form>
        </div>
      ) : null}

      <h2 className="mt-10 text-lg font-semibold">{open ? "Edit the application" : "The application"}</h2>
      <Form method="post" className="mt-4 grid gap-6">
        <input type="hidden" name="intent" value="save" />
        <fieldset disabled={!open} className="contents">
          <FeatureApplicationFields type={a.type} options={options} values={actionData?.values ?? a.values} errors={actionData?.errors} />
        </fieldset>
        {open ? (
          <div>
            <Button type="submit" variant="secondary" disabled={busy}>
              Save changes
            </Button>
          </div>
        ) : null}
      </Form>

      <AuditHistory entries={history} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
