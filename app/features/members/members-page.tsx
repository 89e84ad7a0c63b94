import { Search } from "lucide-react";
import { useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { inputClass } from "~/components/ui/form-field.tsx";
import { cn } from "~/lib/cn.ts";
import { plural } from "~/lib/wording.ts";
import type { MemberSummary } from "./member-facts.server.ts";
import { MembersTable } from "./members-table.tsx";

/** How long typing pauses before the list follows it (with JavaScript; without, the Search button sends it). */
const SEARCH_DEBOUNCE_MS = 300;

/** Every member for operators (decision 0081): search by part of a name or address, newest first, a page at a time. */
export function MembersPage({
  q,
  error,
  items,
  matches,
  newerHref,
  olderHref,
  now,
}: {
  q: string;
  error: string | null;
  items: MemberSummary[];
  matches: { count: number; capped: boolean };
  newerHref: string | null;
  olderHref: string | null;
  now: string;
}) {
  const submit = useSubmit();
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  const count = matches.capped ? `More than ${plural(matches.count, "member")}` : plural(matches.count, "member");
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <Link to="/admin" className="text-sm text-accent hover:underline">
        ← Back-office
      </Link>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">Members</h1>
      <p className="mt-2 text-sm text-fg-muted">
        Everyone with an account, newest first: their plan, subscription, this month's usage and how they sign in. Open a member to give a
        complimentary plan, refund a payment, or disable the account.
      </p>
      <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
        <div className="min-w-0 grow basis-64">
          <label htmlFor="member-search" className="text-sm font-medium">
            Search by name or e-mail
          </label>
          <input
            id="member-search"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={200}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby="member-search-message"
            className={cn(inputClass, "h-10")}
            onChange={(event) => {
              const form = event.currentTarget.form;
              clearTimeout(debounce.current);
              debounce.current = setTimeout(() => void submit(form, { replace: true, preventScrollReset: true }), SEARCH_DEBOUNCE_MS);
            }}
          />
          <p id="member-search-message" className={cn("mt-1 text-xs", error ? "text-danger" : "text-fg-muted")}>
            {error ?? "Part of a name or address, in any case. One or two letters find names and addresses that start with them."}
          </p>
        </div>
        <Button type="submit" variant="secondary" className="mb-5">
          <Search aria-hidden="true" /> Search
        </Button>
      </Form>
      <p className="mt-4 text-sm text-fg-muted" role="status">
        {error ? "" : q ? `${count} ${matches.count === 1 && !matches.capped ? "matches" : "match"} “${q}”` : `${count} in all`}
      </p>
      <MembersTable items={items} now={now} />
      {newerHref || olderHref ? (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2">
          {newerHref ? (
            <Link to={newerHref} rel="prev" className="rounded-md border border-border px-3 py-1.5 text-sm hover:bg-surface-muted">
              ← Newer
            </Link>
          ) : (
            <span />
          )}
          {olderHref ? (
            <Link to={olderHref} rel="next" className="rounded-md border border-border px-3 py-1.5 text-sm hover:bg-surface-muted">
              Older →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
