import type { ReactNode } from "react";
import { Link } from "react-router";
import { EventTime } from "~/components/ui/event-time.tsx";
import { formatDate, formatDateTime } from "~/lib/format-date.ts";
import type { FormResult } from "~/lib/form-parse.ts";
import type { MemberPageData } from "./member-page.server.ts";
import { AccessForms, GrantForms, RefundForms } from "./member-action-forms.tsx";
import { MemberBadges, QUOTA_LABEL, usedOf } from "./members-table.tsx";

export type MemberSubmission = FormResult<string>;

export interface MemberPageProps {
  page: MemberPageData & {
    self: boolean;
    billingMode: string;
    today: string;
    plans: Array<{ tier: string; name: string }>;
    /** The member's teams (issue 37, decision 0118): name, role, whether they hold a seat. */
    teams?: Array<{ teamId: string; teamName: string; role: "owner" | "admin" | "member"; seat: boolean }>;
  };
  result?: MemberSubmission;
}

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-fg-muted">{term}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="mt-8 rounded-lg border border-border p-4 sm:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The member's teams (issue 37, decision 0118): name, role, seat. */
function MemberTeams({ teams }: { teams: MemberPageProps["page"]["teams"] }) {
  return (
    <Section title="Teams">
      {teams?.length ? (
        <ul className="mt-3 grid gap-1 text-sm" aria-label="Teams of this member">
          {teams.map((t) => (
            <li key={t.teamId} className="break-words">
              {t.teamName}{" "}
              <span className="text-fg-muted">
                · {t.role[0]!.toUpperCase() + t.role.slice(1)} · {t.seat ? "holds a seat" : "no seat"}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-fg-muted">In no team.</p>
      )}
    </Section>
  );
}

/** One member for operators (decision 0081): account, plan, usage, the actions, and the history. */
export function MemberPage({ page, result }: MemberPageProps) {
  const { member, sessions, complimentary, history } = page;
  const mine = (intent: string) => (result?.intent === intent ? result : undefined);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <Link to="/admin/members" className="text-sm text-accent hover:underline">
        ← All members
      </Link>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight break-words">{member.name}</h1>
        <MemberBadges member={member} />
      </div>
      <p className="mt-1 text-sm break-all text-fg-muted">{member.email}</p>
      {result && !result.intent ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          {result.message}
        </p>
      ) : null}

      <Section title="Account">
        <Facts
          rows={[
            ["E-mail address", `${member.email} (${member.emailVerified ? "confirmed" : "not confirmed"})`],
            ["Role", member.role === "admin" ? (member.adminByAddress ? "Admin, by ADMIN_EMAILS" : "Admin") : "Member"],
            ["Sign-in methods", member.signInMethods.join(", ") || "None"],
            ["Last sign-in", member.lastSignInAt ? <EventTime at={member.lastSignInAt} now={page.now} /> : "Never signed in"],
            [
              "Sessions",
              sessions.active ? (
                <>
                  {sessions.active} open
                  {sessions.lastSeenAt ? (
                    <>
                      , last used <EventTime at={sessions.lastSeenAt} now={page.now} />
                    </>
                  ) : null}
                </>
              ) : (
                "None open"
              ),
            ],
            ["Created", formatDateTime(member.createdAt)],
            ["Sign-in access", member.disabledAt ? `Disabled since ${formatDateTime(member.disabledAt)}` : "Enabled"],
          ]}
        />
      </Section>

      <Section title="Plan">
        <Facts
          rows={[
            ["Plan", member.plan],
            ["Comes from", member.planSource.text],
            ["Subscription", member.subscription.text],
            [
              "Complimentary plan",
              complimentary
                ? `${complimentary.tier === "premium" ? "Premium" : "Subscriber"}${complimentary.endsAt ? ` until ${formatDate(new Date(new Date(complimentary.endsAt).getTime() - 1))}` : ", for good"}${complimentary.grantedBy ? `, given by ${complimentary.grantedBy}` : ""}${complimentary.note ? `: ${complimentary.note}` : ""}`
                : "None",
            ],
          ]}
        />
        <h3 className="mt-6 text-sm font-semibold">Usage this month</h3>
        <table className="mt-2 w-full max-w-md text-left text-sm">
          <thead className="text-xs text-fg-muted">
            <tr>
              <th scope="col" className="py-1 font-medium">
                Quota
              </th>
              <th scope="col" className="py-1 font-medium">
                Used of the plan's limit
              </th>
            </tr>
          </thead>
          <tbody>
            {member.usage.map((q) => (
              <tr key={q.type} className="border-t border-border">
                <td className="py-1">{QUOTA_LABEL[q.type]}</td>
                <td className="py-1">{usedOf(q)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <GrantForms page={page} grantResult={mine("grant")} revokeResult={mine("revoke")} />
      </Section>

      <MemberTeams teams={page.teams} />

      <Section title="Payments">
        <RefundForms page={page} result={mine("refund")} />
      </Section>

      <Section title="Sign-in access">
        <AccessForms page={page} result={mine("disable") ?? mine("enable")} />
      </Section>

      <Section title="History">
        {history.length ? (
          <ol className="mt-3 grid gap-2 text-sm">
            {history.map((h, i) => (
              <li key={`${h.at}-${i}`} className="grid gap-0.5 sm:grid-cols-[12rem_1fr] sm:gap-x-6">
                <span className="text-xs text-fg-muted sm:text-sm">{formatDateTime(h.at)}</span>
                <span className="break-words">
                  {h.text}
                  {h.by ? <span className="text-fg-muted"> · {h.by}</span> : null}
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-3 text-sm text-fg-muted">Nothing yet.</p>
        )}
      </Section>
    </div>
  );
}
