import type { Route } from "./+types/admin.outbox";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { OutboxPage } from "~/features/back-office/outbox-page.tsx";
import { getAppContext } from "~/lib/app-context.ts";
import { getEnv } from "~/lib/env.server.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { listOutbox } from "~/lib/mailer.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Outbox | Introbase" }, { name: "robots", content: "noindex" }];
}

const PAGE_SIZE = 50;

/** Every e-mail the product sent or kept (issue 4 §3): with no SMTP server configured, this is where they are read. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const query = new URL(args.request.url).searchParams;
  const page = Math.max(1, Math.min(10_000, Number.parseInt(query.get("page") ?? "1", 10) || 1));
  // One message's HTML part at a time, the one asked for: a page of digests' HTML would weigh megabytes.
  const shown = query.get("html");
  const { emails, total } = await listOutbox(getAppContext(args.context).database, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return {
    smtpConfigured: Boolean(getEnv().SMTP_URL),
    page,
    totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
    emails: emails.map(({ html, ...e }) => ({
      ...e,
      hasHtml: html !== null,
      html: e.id === shown ? html : null,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  return <OutboxPage {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
