import { Form, useActionData, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { EventTime } from "~/components/ui/event-time.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { formatDateTime } from "~/lib/format-date.ts";
import { REVOKE_OTHER_SESSIONS, REVOKE_SESSION } from "./account-forms.ts";
import type { MemberSession } from "./member-sessions.server.ts";

/**
 * Settings › Where you're signed in (decision 0076): each session with its browser, address and last activity, a
 * Sign out for each other one, and Sign out everywhere else. Plain forms: they work without JavaScript.
 */
export function SessionsSection({ sessions, now }: { sessions: MemberSession[]; now: string }) {
  const result = useActionData<FormResult | undefined>();
  const busy = useNavigation().state !== "idle";
  const answer = result?.intent === REVOKE_SESSION || result?.intent === REVOKE_OTHER_SESSIONS ? result : null;
  const others = sessions.filter((s) => !s.current);
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold">Where you&apos;re signed in</h2>
      <p className="mt-1 text-sm text-fg-muted">Sign out any session you do not recognise, then change your password.</p>
      {answer?.message ? (
        <p role={answer.ok ? "status" : "alert"} className={answer.ok ? "mt-3 text-sm" : "mt-3 text-sm text-danger"}>
          {answer.message}
        </p>
      ) : null}
      <ul className="mt-4 divide-y divide-border" aria-label="Your sessions">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium">
                {s.device} {s.current ? <Badge variant="accent">This browser</Badge> : null}
              </p>
              <p className="text-xs text-fg-muted">
                {s.address ? `${s.address} · ` : ""}Last active <EventTime at={s.lastActive} now={now} /> · Signed in{" "}
                {formatDateTime(s.signedIn)}
              </p>
            </div>
            {s.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value={REVOKE_SESSION} />
                <input type="hidden" name="sessionId" value={s.id} />
                <Button
                  type="submit"
                  variant="secondary"
                  size="sm"
                  disabled={busy}
                  aria-label={`Sign out ${s.device}, last active ${formatDateTime(s.lastActive)}`}
                >
                  Sign out
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others.length ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value={REVOKE_OTHER_SESSIONS} />
          <Button type="submit" variant="secondary" disabled={busy}>
            Sign out everywhere else
          </Button>
        </Form>
      ) : (
        <p className="mt-2 text-sm text-fg-muted">You are signed in on this browser only.</p>
      )}
    </Card>
  );
}
