import { MailCheck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { toast } from "~/components/ui/toaster.tsx";
import type { FieldErrors } from "~/lib/form-parse.ts";
import { VERIFICATION_LINK_HOURS } from "~/lib/verification-email.ts";
import { post, sentToast, StepActions, type Claim } from "./intro-dialog-parts.tsx";
import type { SignInField, SignUpField } from "./intro-request.ts";

/** The introduction dialog's steps for a signed-out visitor: sign up, or sign in, to send the waiting request. */
export function SignUpStep({
  claim,
  prefill,
  onCancel,
  onSignedUp,
  onSignIn,
}: {
  claim: Claim;
  prefill: { fullName: string; email: string };
  onCancel: () => void;
  onSignedUp: (email: string) => void;
  onSignIn: (email: string) => void;
}) {
  const [values, setValues] = useState({ ...prefill, phone: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors<SignUpField>>({});
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const answer = await post("/api/intro-requests/sign-up", { ...values, ...claim });
    setBusy(false);
    if (answer.ok) {
      // The same answer whether or not the address already had an account (decision 0076): the e-mail says which.
      toast({ title: "Check your e-mail", description: answer.body.message ?? "We sent you a message to finish signing up." });
      // Not signed in yet, and the request not sent: both wait for the address to be confirmed (DESIGN D15).
      return onSignedUp(answer.body.data?.user?.email ?? values.email);
    }
    setErrors((answer.body.errors ?? {}) as FieldErrors<SignUpField>);
    setMessage(answer.body.errors ? "" : (answer.body.message ?? "Please try again."));
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <h3 className="text-base font-semibold">Complete Your Sign Up</h3>
      <p className="-mt-3 text-sm text-fg-muted">
        Create your account to send the request. We'll e-mail you a link to confirm your address, and tell you when they respond.{" "}
        <Button variant="link" className="h-auto text-sm" onClick={() => onSignIn(values.email)}>
          Already have an account? Sign in
        </Button>
      </p>
      <FormField label="Full Name" error={errors.fullName}>
        {(p) => <input {...p} value={values.fullName} onChange={set("fullName")} autoComplete="name" required maxLength={120} />}
      </FormField>
      <FormField label="Email" error={errors.email}>
        {(p) => <input {...p} type="email" value={values.email} onChange={set("email")} autoComplete="email" required maxLength={254} />}
      </FormField>
      <FormField label="Phone Number" error={errors.phone}>
        {(p) => (
          <input
            {...p}
            type="tel"
            value={values.phone}
            onChange={set("phone")}
            placeholder="(555) 123-4567"
            autoComplete="tel"
            required
            maxLength={30}
          />
        )}
      </FormField>
      <FormField label="Password" error={errors.password} hint="At least 10 characters.">
        {(p) => (
          <input
            {...p}
            type="password"
            value={values.password}
            onChange={set("password")}
            autoComplete="new-password"
            required
            maxLength={128}
          />
        )}
      </FormField>
      {message ? (
        <p role="alert" className="text-sm text-danger">
          {message}
        </p>
      ) : null}
      <StepActions onCancel={onCancel} busy={busy} label="Complete Sign Up" busyLabel="Creating Account..." />
    </form>
  );
}

/**
 * After the sign-up: what happens next. The words are the same whether or not the address already had an account
 * (decision 0076): the e-mail says which, and someone who has one signs in here to send the request.
 */
export function ConfirmEmailStep({ email, onDone, onSignIn }: { email: string; onDone: () => void; onSignIn: () => void }) {
  return (
    <div className="grid gap-4" role="status">
      <h3 className="flex items-center gap-2 text-base font-semibold">
        <MailCheck aria-hidden="true" className="size-5 text-accent" />
        Confirm your e-mail address
      </h3>
      <p className="text-sm">
        We sent a link to <strong className="break-all">{email}</strong>. Open it and enter your password to confirm the address: it works
        for {VERIFICATION_LINK_HOURS} hours.
      </p>
      <p className="text-sm text-fg-muted">
        Your request is saved. It goes to our team as soon as your address is confirmed, and you are signed in then.
      </p>
      <p className="text-sm text-fg-muted">
        If this address already has an Introbase account, our e-mail says so instead: sign in with its password to send your request now.
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onSignIn}>
          Sign in to send it
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}

/**
 * For a visitor whose address already has an account (decision 0076): sign in with its password, right here, and the
 * request goes to review as theirs. The page's data is loaded again, so the header shows them signed in.
 */
export function SignInStep({ claim, email, onCancel, onSent }: { claim: Claim; email: string; onCancel: () => void; onSent: () => void }) {
  const revalidator = useRevalidator();
  const [values, setValues] = useState({ email, password: "" });
  const [errors, setErrors] = useState<FieldErrors<SignInField>>({});
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const answer = await post("/api/intro-requests/sign-in", { ...values, ...claim });
    setBusy(false);
    if (answer.ok) {
      sentToast();
      void revalidator.revalidate();
      return onSent();
    }
    setErrors((answer.body.errors ?? {}) as FieldErrors<SignInField>);
    setMessage(answer.body.errors?.password || answer.body.errors?.email ? "" : (answer.body.message ?? "Please try again."));
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <h3 className="text-base font-semibold">Sign in to send your request</h3>
      <FormField label="Email" error={errors.email}>
        {(p) => <input {...p} type="email" value={values.email} onChange={set("email")} autoComplete="username" required maxLength={254} />}
      </FormField>
      <FormField
        label="Password"
        error={errors.password}
        note={
          <a href="/forgot-password" target="_blank" rel="noopener" className="text-sm text-accent underline">
            Forgot password?
          </a>
        }
      >
        {(p) => (
          <input
            {...p}
            type="password"
            value={values.password}
            onChange={set("password")}
            autoComplete="current-password"
            required
            maxLength={128}
          />
        )}
      </FormField>
      {message ? (
        <p role="alert" className="text-sm text-danger">
          {message}
        </p>
      ) : null}
      <StepActions onCancel={onCancel} busy={busy} label="Sign In and Send" busyLabel="Signing in..." />
    </form>
  );
}
