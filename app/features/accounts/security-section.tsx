import { Form, useActionData, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { MAX_PASSWORD, PASSWORD_RULE } from "~/lib/password-rules.ts";
import { ADD_PASSWORD, CHANGE_EMAIL, CHANGE_PASSWORD, LINK_PROVIDER, UNLINK_PROVIDER } from "./account-forms.ts";
import type { AccountSecurityData } from "./account-settings.server.ts";

type Result = FormResult<"currentPassword" | "newPassword" | "newEmail" | "provider">;

/** Better Auth's codes for a link that came back refused, in words (DESIGN D15 decides most of them). */
const LINK_ERRORS: Record<string, string> = {
  email_does_not_match: "that account's e-mail address is not the address of your Introbase account.",
  account_already_linked_to_different_user: "that account already signs in to another Introbase account.",
  unable_to_link_account: "the provider has not verified that account's e-mail address.",
  email_not_verified: "the provider has not verified that account's e-mail address.",
  provider_unavailable: "the provider could not be reached.",
  access_denied: "it was cancelled.",
};

function Answer({ result }: { result: Result | null }) {
  if (!result?.message || (!result.ok && result.errors && Object.keys(result.errors).length)) return null;
  return (
    <p role={result.ok ? "status" : "alert"} className={result.ok ? "mt-3 text-sm" : "mt-3 text-sm text-danger"}>
      {result.message}
    </p>
  );
}

type Busy = { busy: boolean };

/** Change the password (asks the current one; every other session ends), or how to add one. */
function PasswordPart({ email, data, password, busy }: { email: string; data: AccountSecurityData; password: Result | null } & Busy) {
  return (
    <>
      <h3 className="mt-4 text-base font-semibold">Password</h3>
      {data.methods.password ? (
        <Form method="post" className="mt-2 grid gap-3 sm:max-w-md" noValidate>
          <input type="hidden" name="intent" value={CHANGE_PASSWORD} />
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <FormField label="Current password" error={password?.errors?.currentPassword}>
            {(p) => (
              <input {...p} type="password" name="currentPassword" autoComplete="current-password" required maxLength={MAX_PASSWORD} />
            )}
          </FormField>
          <FormField
            label="New password"
            error={password?.errors?.newPassword}
            hint={`${PASSWORD_RULE} Every other session is signed out.`}
          >
            {(p) => <input {...p} type="password" name="newPassword" autoComplete="new-password" required maxLength={MAX_PASSWORD} />}
          </FormField>
          <div>
            <Button type="submit" disabled={busy}>
              Change password
            </Button>
          </div>
          <Answer result={password} />
          {data.passwordChanged && !password ? (
            <p role="status" className="text-sm">
              Your password is changed. Every other session was signed out; this browser stays signed in.
            </p>
          ) : null}
        </Form>
      ) : (
        <p className="mt-1 text-sm text-fg-muted">
          You sign in with a provider only. Add a password to sign in with your e-mail address too.
        </p>
      )}
    </>
  );
}

/** Change the address: confirmed from the new address; the old one is told. */
function EmailAddressPart({ email, data, address, busy }: { email: string; data: AccountSecurityData; address: Result | null } & Busy) {
  return (
    <>
      <h3 className="mt-6 text-base font-semibold">E-mail address</h3>
      <p className="mt-1 text-sm text-fg-muted">
        Now <span className="font-medium break-all text-fg">{email}</span>. We send a link to the new address; it changes when you open the
        link, and we tell this address.
      </p>
      <Form method="post" className="mt-2 grid gap-3 sm:max-w-md" noValidate>
        <input type="hidden" name="intent" value={CHANGE_EMAIL} />
        <FormField label="New e-mail address" error={address?.errors?.newEmail}>
          {(p) => (
            <input
              {...p}
              type="email"
              name="newEmail"
              autoComplete="email"
              required
              maxLength={254}
              defaultValue={address?.ok ? "" : (address?.values?.newEmail ?? "")}
            />
          )}
        </FormField>
        {data.methods.password ? (
          <FormField label="Current password" error={address?.errors?.currentPassword}>
            {(p) => (
              <input {...p} type="password" name="currentPassword" autoComplete="current-password" required maxLength={MAX_PASSWORD} />
            )}
          </FormField>
        ) : (
          <input type="hidden" name="currentPassword" value="" />
        )}
        <div>
          <Button type="submit" variant="secondary" disabled={busy}>
            Send confirmation link
          </Button>
        </div>
        <Answer result={address} />
      </Form>
    </>
  );
}

/** The ways to sign in (a password, Google, LinkedIn), never fewer than one, and what came back from a link. */
function WaysToSignInPart({ data, methods, busy }: { data: AccountSecurityData; methods: Result | null } & Busy) {
  const waysIn = Number(data.methods.password) + data.methods.providers.filter((p) => p.linked).length;
  const notice = data.linkNotice;
  return (
    <>
      <h3 className="mt-6 text-base font-semibold">Ways to sign in</h3>
      {notice ? (
        <p role={notice.error ? "alert" : "status"} className={notice.error ? "mt-2 text-sm text-danger" : "mt-2 text-sm"}>
          {notice.error
            ? `Not linked: ${LINK_ERRORS[notice.error] ?? "the provider refused it."}`
            : `Linked: you can now sign in with ${notice.provider === "google" ? "Google" : notice.provider === "linkedin" ? "LinkedIn" : "it"}.`}
        </p>
      ) : null}
      <ul className="mt-2 divide-y divide-border text-sm" aria-label="Ways to sign in">
        <li className="flex flex-wrap items-center justify-between gap-3 py-3">
          <span className="font-medium">
            Password {data.methods.password ? <Badge variant="accent">Set</Badge> : <Badge variant="outline">Not set</Badge>}
          </span>
          {data.methods.password ? null : (
            <Form method="post">
              <input type="hidden" name="intent" value={ADD_PASSWORD} />
              <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                E-mail me a link to set one
              </Button>
            </Form>
          )}
        </li>
        {data.methods.providers.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span className="font-medium">
              {p.name} {p.linked ? <Badge variant="accent">Linked</Badge> : <Badge variant="outline">Not linked</Badge>}
            </span>
            {p.linked ? (
              <Form method="post">
                <input type="hidden" name="intent" value={UNLINK_PROVIDER} />
                <input type="hidden" name="provider" value={p.id} />
                <Button
                  type="submit"
                  variant="secondary"
                  size="sm"
                  disabled={busy || waysIn <= 1}
                  aria-describedby={waysIn <= 1 ? "last-way-in" : undefined}
                >
                  Unlink {p.name}
                </Button>
              </Form>
            ) : p.available ? (
              <Form method="post">
                <input type="hidden" name="intent" value={LINK_PROVIDER} />
                <input type="hidden" name="provider" value={p.id} />
                <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                  Link {p.name}
                </Button>
              </Form>
            ) : (
              <span className="text-xs text-fg-muted">Not available on this site</span>
            )}
          </li>
        ))}
      </ul>
      {waysIn <= 1 ? (
        <p id="last-way-in" className="text-xs text-fg-muted">
          Your only way to sign in cannot be removed. Add another first.
        </p>
      ) : null}
      <p className="mt-1 text-xs text-fg-muted">A provider links only with your own address, verified by the provider.</p>
      <Answer result={methods} />
    </>
  );
}

/**
 * Settings › Sign-in and security (decision 0076): change the password (asks the current one; every other session
 * ends), change the address (confirmed from the new address; the old one is told), and the ways to sign in (a
 * password, Google, LinkedIn), never fewer than one. Plain forms: they work without JavaScript.
 */
export function SecuritySection({ email, data }: { email: string; data: AccountSecurityData }) {
  const actionData = useActionData<Result | undefined>();
  const busy = useNavigation().state !== "idle";
  const answerTo = (intent: string) => (actionData?.intent === intent ? actionData : null);
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold">Sign-in and security</h2>
      <PasswordPart email={email} data={data} password={answerTo(CHANGE_PASSWORD)} busy={busy} />
      <EmailAddressPart email={email} data={data} address={answerTo(CHANGE_EMAIL)} busy={busy} />
      <WaysToSignInPart data={data} methods={answerTo(LINK_PROVIDER) ?? answerTo(UNLINK_PROVIDER) ?? answerTo(ADD_PASSWORD)} busy={busy} />
    </Card>
  );
}
