import { Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { EventTime } from "~/components/ui/event-time.tsx";
import { formatDate } from "~/lib/format-date.ts";
import type { QuotaSummary } from "~/features/access/quotas.ts";
import type { MemberSummary } from "./member-facts.server.ts";

/** What marks a member out: admin, disabled, an address not confirmed. */
export function MemberBadges({ member }: { member: Pick<MemberSummary, "role" | "disabledAt" | "emailVerified" | "adminByAddress"> }) {
  return (
    <>
      {member.role === "admin" ? <Badge variant="accent">{member.adminByAddress ? "Admin (ADMIN_EMAILS)" : "Admin"}</Badge> : null}
      {member.disabledAt ? <Badge variant="outline">Disabled</Badge> : null}
      {member.emailVerified ? null : <Badge variant="outline">Address not confirmed</Badge>}
    </>
  );
}

/** "12/500", "12 (unlimited)". */
export function usedOf(q: QuotaSummary): string {
  const used = q.used.toLocaleString("en-US");
  return q.status === "unlimited" ? `${used} (unlimited)` : `${used}/${q.limit.toLocaleString("en-US")}`;
}

export const QUOTA_LABEL: Record<QuotaSummary["type"], string> = {
  views: "Views",
  exports: "Exports",
  "API calls": "API calls",
  "AI requests": "AI requests",
};

function UsageLines({ usage }: { usage: QuotaSummary[] }) {
  return (
    <ul className="grid gap-0.5 text-xs">
      {usage.map((q) => (
        <li key={q.type} className="whitespace-nowrap">
          {QUOTA_LABEL[q.type]} {usedOf(q)}
        </li>
      ))}
    </ul>
  );
}

const lastSignIn = (m: MemberSummary, now: string) => (m.lastSignInAt ? <EventTime at={m.lastSignInAt} now={now} /> : "never");

/** The page of members: below 1024 px the sign-in and created columns move under the name, below 768 px the usage too. */
export function MembersTable({ items, now }: { items: MemberSummary[]; now: string }) {
  if (!items.length) return <p className="mt-8 text-fg-muted">No members match.</p>;
  return (
    <div className="mt-4 overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-left text-sm">
        <thead className="bg-surface-muted text-xs text-fg-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Member
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Plan
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
              Usage this month
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium lg:table-cell">
              Sign-in
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium lg:table-cell">
              Created
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((m) => (
            <tr key={m.id} className="border-t border-border align-top">
              <td className="max-w-0 min-w-40 px-3 py-2 sm:max-w-none">
                <Link to={`/admin/members/${encodeURIComponent(m.id)}`} className="font-medium break-words text-accent underline">
                  {m.name}
                </Link>
                <span className="block text-xs break-all text-fg-muted">{m.email}</span>
                <span className="mt-1 flex flex-wrap gap-1">
                  <MemberBadges member={m} />
                </span>
                <span className="mt-1 block text-xs text-fg-muted lg:hidden">
                  {m.signInMethods.join(", ") || "No sign-in method"} · last sign-in {lastSignIn(m, now)} · joined {formatDate(m.createdAt)}
                </span>
                <div className="mt-1 text-fg-muted md:hidden">
                  <UsageLines usage={m.usage} />
                </div>
              </td>
              <td className="px-3 py-2">
                <span className="font-medium">{m.plan}</span>
                {m.planSource.source === "free" ? null : <span className="block text-xs text-fg-muted">{m.planSource.text}</span>}
                <span className="block text-xs">Subscription: {m.subscription.text}</span>
              </td>
              <td className="hidden px-3 py-2 md:table-cell">
                <UsageLines usage={m.usage} />
              </td>
              <td className="hidden px-3 py-2 text-xs lg:table-cell">
                <span className="block">{m.signInMethods.join(", ") || "None"}</span>
                <span className="block text-fg-muted">Last sign-in: {lastSignIn(m, now)}</span>
              </td>
              <td className="hidden px-3 py-2 text-xs whitespace-nowrap text-fg-muted lg:table-cell">{formatDate(m.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
