import { Form, Link, useActionData, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { EventTime } from "~/components/ui/event-time.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { formatDateTime } from "~/lib/format-date.ts";
import { CREATE_API_KEY, REVOKE_API_KEY, type ApiKeyFormResult } from "./api-key-form.ts";
import type { ApiKeysSectionData } from "./api-keys-settings.server.ts";
import { CopyButton } from "~/components/ui/copy-button.tsx";

/**
 * Settings › API keys (issue 18 §1): make a named key (its secret shown once, here, after the form is sent), the
 * member's keys with their prefix and last use, and revoke. Plain forms: they work without JavaScript.
 */
export function ApiKeysSection({ data }: { data: ApiKeysSectionData }) {
  // The settings page's answer to a form; another section's answer has another intent and is ignored here.
  const result = useActionData<ApiKeyFormResult | undefined>();
  const busy = useNavigation().state !== "idle";
  const created = result?.intent === CREATE_API_KEY ? result : null;
  const revoked = result?.intent === REVOKE_API_KEY ? result : null;
  const active = data.keys.filter((k) => !k.revokedAt);
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold">API keys</h2>
      <p className="mt-1 text-sm text-fg-muted">
        Call the directory from your own code with <code>Authorization: Bearer &lt;key&gt;</code>. Each call counts against your plan&apos;s
        API calls.{" "}
        <Link to="/developers" className="text-accent underline">
          API documentation
        </Link>
      </p>

      {created?.ok && created.data ? (
        <div role="status" className="mt-4 rounded-lg border border-accent p-4">
          <p className="text-sm font-medium">Your new key “{created.data.name}”. Copy it now: it is shown only this once.</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <input
              readOnly
              aria-label="Your new API key"
              value={created.data.secret}
              className="min-w-0 flex-1 rounded-md border border-border bg-surface-muted px-3 py-2 font-mono text-sm"
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton text={created.data.secret} label="Copy key" />
          </div>
        </div>
      ) : null}

      {data.allowed ? (
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" noValidate>
          <input type="hidden" name="intent" value={CREATE_API_KEY} />
          <FormField label="Key name" className="min-w-48 flex-1" error={created && !created.ok ? created.errors?.name : undefined}>
            {(field) => (
              <input
                {...field}
                name="name"
                maxLength={60}
                placeholder="e.g. CRM sync"
                autoComplete="off"
                defaultValue={created && !created.ok ? created.values?.name : ""}
                key={created?.ok ? created.target : "new"}
              />
            )}
          </FormField>
          {data.teams.length ? (
            <KeyScopeField
              teams={data.teams}
              error={created && !created.ok ? created.errors?.scope : undefined}
              chosen={created && !created.ok ? created.values?.scope : undefined}
            />
          ) : null}
          <Button type="submit" disabled={busy}>
            Create key
          </Button>
          {created && !created.ok && created.message && !created.errors?.name ? (
            <p role="alert" className="w-full text-sm text-danger">
              {created.message}
            </p>
          ) : null}
        </Form>
      ) : (
        <p className="mt-4 text-sm">
          Your plan does not include API access.{active.length ? " Your keys below do not work until it does." : ""}
        </p>
      )}

      {revoked ? (
        <p role={revoked.ok ? "status" : "alert"} className={revoked.ok ? "mt-3 text-sm" : "mt-3 text-sm text-danger"}>
          {revoked.message}
        </p>
      ) : null}

      {data.keys.length === 0 ? (
        <p className="mt-4 text-sm text-fg-muted">No keys yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-border" aria-label="Your API keys">
          {data.keys.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium">
                  {k.name} <code className="ml-1 text-fg-muted">{k.prefix}…</code>
                </p>
                {k.team ? <p className="text-xs text-fg-muted">Team key: only the lists of {k.team}</p> : null}
                <p className="text-xs text-fg-muted">
                  Created {formatDateTime(k.createdAt)} ·{" "}
                  {k.lastUsedAt ? (
                    <>
                      Last used <EventTime at={k.lastUsedAt} now={data.now} />
                    </>
                  ) : (
                    "Never used"
                  )}
                </p>
              </div>
              {k.revokedAt ? (
                <Badge variant="outline">Revoked {formatDateTime(k.revokedAt)}</Badge>
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value={REVOKE_API_KEY} />
                  <input type="hidden" name="keyId" value={k.id} />
                  <Button type="submit" variant="secondary" size="sm" disabled={busy} aria-label={`Revoke ${k.name}`}>
                    Revoke
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Whom a new key acts for (decision 0121): the member (everything they reach), or one team, whose lists alone it reaches. */
function KeyScopeField({ teams, error, chosen }: { teams: ApiKeysSectionData["teams"]; error?: string; chosen?: string }) {
  return (
    <FormField label="Reaches" className="min-w-48" error={error}>
      {(field) => (
        <select {...field} name="scope" defaultValue={chosen ?? ""}>
          <option value="">Everything you reach (your lists and your teams&apos;)</option>
          {teams.map((t) => (
            <option key={t.id} value={t.id}>
              Only the lists of {t.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
