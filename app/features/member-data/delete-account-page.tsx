import { MailCheck, TriangleAlert } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import type { DeleteAccountPageData } from "./delete-account-page.server.ts";
import { DELETE_ACCOUNT, DELETION_LINK_MINUTES, LINK_REFUSED, SEND_DELETION_LINK, type DeleteAccountResult } from "./leave-forms.ts";
import { DownloadDataForm } from "./leave-section.tsx";

/**
 * /settings/delete-account (decision 0077): what deleting does, in plain words, before anything is confirmed; a way to
 * download the data first; and the re-authentication: the password, or for an account without one, a link by e-mail
 * whose page holds the final button. Plain forms: it works without JavaScript.
 */
export function DeleteAccountPage({ page, result }: { page: DeleteAccountPageData; result?: DeleteAccountResult }) {
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <div>
        <p className="text-sm">
          <Link to="/settings" className="text-accent underline">
            Settings
          </Link>
        </p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">Delete your account</h1>
        <p className="mt-2 text-sm text-fg-muted">Signed in as {page.email}. Deleting cannot be undone.</p>
      </div>

      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold">What happens when you delete your account</h2>
        <ul className="mt-3 grid list-disc gap-2 pl-5 text-sm">
          {page.happens.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Card>

      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Keep a copy first</h2>
        <p className="mt-1 text-sm text-fg-muted">Once the account is deleted, we cannot give you its data any more.</p>
        <DownloadDataForm className="mt-3" />
      </Card>

      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Confirm</h2>
        {page.method === "password" ? <PasswordConfirm result={result} /> : <LinkConfirm page={page} result={result} />}
      </Card>
    </div>
  );
}

function DeleteButton({ busy }: { busy: boolean }) {
  return (
    <Button type="submit" variant="danger" name="intent" value={DELETE_ACCOUNT} disabled={busy}>
      <TriangleAlert aria-hidden="true" />
      {busy ? "Deleting..." : "Delete my account"}
    </Button>
  );
}

function PasswordConfirm({ result }: { result?: DeleteAccountResult }) {
  const busy = useNavigation().state !== "idle";
  const refused = result?.intent === DELETE_ACCOUNT && !result.ok ? result : null;
  return (
    <Form method="post" className="mt-3 grid max-w-md gap-4">
      <p className="text-sm text-fg-muted">Type your password to show it is you.</p>
      <FormField label="Your password" error={refused?.errors?.password}>
        {(field) => <input {...field} type="password" name="password" autoComplete="current-password" required maxLength={128} />}
      </FormField>
      {refused && !refused.errors?.password && refused.message ? (
        <p role="alert" className="text-sm text-danger">
          {refused.message}
        </p>
      ) : null}
      <div>
        <DeleteButton busy={busy} />
      </div>
    </Form>
  );
}

function LinkConfirm({ page, result }: { page: DeleteAccountPageData; result?: DeleteAccountResult }) {
  const busy = useNavigation().state !== "idle";
  const sent = result?.intent === SEND_DELETION_LINK ? result : null;
  const refused = result?.intent === DELETE_ACCOUNT && !result.ok ? result : null;
  const linkState = refused?.target ?? page.link?.state;
  if (page.link && linkState === "valid") {
    return (
      <Form method="post" className="mt-3 grid gap-4">
        <p className="text-sm">
          You opened the link we e-mailed you. This is the last step: your account is deleted when you press the button.
        </p>
        <input type="hidden" name="token" value={page.link.token} />
        <div>
          <DeleteButton busy={busy} />
        </div>
      </Form>
    );
  }
  return (
    <div className="mt-3 grid gap-4">
      {refused?.message ? (
        <p role="alert" className="text-sm text-danger">
          {refused.message}
        </p>
      ) : page.link ? (
        <p role="alert" className="text-sm text-danger">
          {LINK_REFUSED[linkState === "expired" ? "expired" : "invalid"]}
        </p>
      ) : null}
      {sent?.ok ? (
        <p role="status" className="flex items-start gap-2 text-sm">
          <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
          We sent a link to {sent.data?.email}. Open it in this browser within {DELETION_LINK_MINUTES} minutes to finish deleting your
          account.
        </p>
      ) : (
        <p className="text-sm text-fg-muted">
          Your account signs in without a password, so we confirm by e-mail: we send a link to {page.email}. Opening it brings you back here
          to finish.
        </p>
      )}
      {sent && !sent.ok && sent.message ? (
        <p role="alert" className="text-sm text-danger">
          {sent.message}
        </p>
      ) : null}
      <Form method="post">
        <Button type="submit" variant="secondary" name="intent" value={SEND_DELETION_LINK} disabled={busy}>
          {sent?.ok ? "Send the link again" : "E-mail me a confirmation link"}
        </Button>
      </Form>
    </div>
  );
}
