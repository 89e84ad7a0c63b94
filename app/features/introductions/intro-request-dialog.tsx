import { MailCheck, Sparkles } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Dialog } from "~/components/ui/dialog.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Button } from "~/components/ui/button.tsx";
import { toast } from "~/components/ui/toaster.tsx";
import { ProofOfWorkField, solvedProof } from "~/features/verification/proof-of-work-field.tsx";
import { PROOF_FIELD } from "~/features/verification/proof-field.ts";
import { useVerificationToast } from "~/features/verification/verification-toast.ts";
import { QUOTA_EXCEEDED } from "~/features/access/quotas.ts";
import { AI_API } from "~/features/ai/ai-api-schema.ts";
import { askAi } from "~/features/ai/ask-ai.ts";
import { useAiAccess } from "~/features/ai/use-ai-access.ts";
import { useCurrentUser } from "~/lib/use-current-user.ts";
import { VERIFICATION_LINK_HOURS } from "~/lib/verification-email.ts";
import type { FieldErrors, FormResult } from "~/lib/form-parse.ts";
import type { IntroRecipient } from "./intro-recipient.ts";
import { introMessageTemplate, type IntroRequestField, type SignUpField } from "./intro-request.ts";

interface Answer {
  ok: boolean;
  /** The endpoints' form result (decision 0045): what each step hands back is in `data`. */
  body: FormResult<string, { id?: string; status?: string; claimToken?: string; user?: { name: string; email: string } }>;
}

async function post(url: string, body: Record<string, string>): Promise<Answer> {
  try {
    const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    return { ok: response.ok, body: (await response.json().catch(() => ({ ok: false }))) as Answer["body"] };
  } catch {
    return { ok: false, body: { ok: false, message: "You appear to be offline. Please try again." } };
  }
}

function sentToast() {
  toast({ title: "Introduction request sent!", description: "We'll notify you when they respond." });
}

/**
 * Request an Introduction (spec 01 §2, §4, §5, §8; issue 4 §1). Step one is the request with the robot check;
 * signed-out visitors then create their account in "Complete Your Sign Up", and the last step tells them to
 * confirm their address by e-mail: the request goes to review once they do (DESIGN D15).
 * Closing at any time clears everything (spec 01 §4); a validation error keeps everything typed.
 */
export default function IntroRequestDialog({
  open,
  onOpenChange,
  recipient,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  recipient: IntroRecipient | null;
}) {
  // A new key on close drops every field of both steps.
  const [session, setSession] = useState(0);
  const close = () => {
    onOpenChange(false);
    setSession((n) => n + 1);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Request an Introduction"
      description={recipient ? `We'll review your request and ask ${recipient.name} before anyone is introduced.` : undefined}
    >
      {recipient ? <IntroRequestSteps key={session} recipient={recipient} onDone={close} /> : null}
    </Dialog>
  );
}

function IntroRequestSteps({ recipient, onDone }: { recipient: IntroRecipient; onDone: () => void }) {
  const user = useCurrentUser();
  const [step, setStep] = useState<
    { name: "request" } | { name: "sign-up"; requestId: string; claimToken: string } | { name: "confirm-email"; email: string }
  >({ name: "request" });
  const [request, setRequest] = useState({ senderName: user?.name ?? "", senderEmail: user?.email ?? "", message: "" });
  if (step.name === "request") {
    return (
      <RequestStep
        recipient={recipient}
        values={request}
        onChange={setRequest}
        signedIn={Boolean(user)}
        onCancel={onDone}
        onSent={(created) => {
          if (created.claimToken) setStep({ name: "sign-up", requestId: created.id, claimToken: created.claimToken });
          else {
            sentToast();
            onDone();
          }
        }}
      />
    );
  }
  if (step.name === "confirm-email") return <ConfirmEmailStep email={step.email} onDone={onDone} />;
  return (
    <SignUpStep
      requestId={step.requestId}
      claimToken={step.claimToken}
      prefill={{ fullName: request.senderName, email: request.senderEmail }}
      onCancel={onDone}
      onSignedUp={(email) => setStep({ name: "confirm-email", email })}
    />
  );
}

function RequestStep({
  recipient,
  values,
  onChange,
  signedIn,
  onCancel,
  onSent,
}: {
  recipient: IntroRecipient;
  values: { senderName: string; senderEmail: string; message: string };
  onChange: (values: { senderName: string; senderEmail: string; message: string }) => void;
  signedIn: boolean;
  onCancel: () => void;
  onSent: (created: { id: string; claimToken?: string }) => void;
}) {
  // A spent or refused proof cannot be used again: a new widget fetches a new challenge.
  const [proofKey, setProofKey] = useState(0);
  const [errors, setErrors] = useState<FieldErrors<IntroRequestField>>({});
  const [busy, setBusy] = useState(false);
  const verification = useVerificationToast();
  const aiAllowed = useAiAccess();
  const [writing, setWriting] = useState(false);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    onChange({ ...values, [field]: event.target.value });

  /**
   * The spec's template, filled here; or, for a member whose plan has AI requests on a server with a provider, the
   * model's message from the server (decision 0065). A refusal leaves the message as it was and says why.
   */
  async function generate() {
    if (!aiAllowed) return onChange({ ...values, message: introMessageTemplate(recipient.name, recipient.type, values.senderName) });
    setWriting(true);
    const url = `/api/listings/${recipient.type}/${encodeURIComponent(recipient.slug)}/intro-message`;
    const reply = await askAi(url, { senderName: values.senderName }, AI_API.introMessage.response);
    setWriting(false);
    if (reply.ok) return onChange({ ...values, message: reply.data.message });
    toast({ title: reply.quotaExceeded ? QUOTA_EXCEEDED : "No message was written", description: reply.message, variant: "destructive" });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const proof = await solvedProof(event.currentTarget);
    if (!proof) return verification.warn();
    verification.clear();
    setBusy(true);
    const answer = await post("/api/intro-requests", {
      ...values,
      recipientType: recipient.type,
      recipientSlug: recipient.slug,
      [PROOF_FIELD]: proof,
    });
    setBusy(false);
    const created = answer.body.data;
    if (answer.ok && created?.id) return onSent({ id: created.id, claimToken: created.claimToken });
    const { proof: proofRefused, ...errors } = answer.body.errors ?? {};
    setErrors(errors as FieldErrors<IntroRequestField>);
    // Every answer but a field error spent or refused the proof: tick again for the next try.
    if (!answer.body.errors || proofRefused) setProofKey((n) => n + 1);
    if (proofRefused) verification.warn(proofRefused);
    else if (!answer.body.errors)
      toast({ title: "Your request was not sent", description: answer.body.message ?? "Please try again.", variant: "destructive" });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField label="To">{(p) => <input {...p} value={recipient.name} readOnly tabIndex={-1} />}</FormField>
      <FormField label="Your Name" error={errors.senderName}>
        {(p) => <input {...p} value={values.senderName} onChange={set("senderName")} autoComplete="name" required maxLength={120} />}
      </FormField>
      <FormField label="Your Email" error={errors.senderEmail} hint={signedIn ? "Replies go to your account's address." : undefined}>
        {(p) => (
          <input
            {...p}
            type="email"
            value={values.senderEmail}
            onChange={set("senderEmail")}
            readOnly={signedIn}
            autoComplete="email"
            required
            maxLength={254}
          />
        )}
      </FormField>
      <FormField label="Message" error={errors.message}>
        {(p) => <textarea {...p} value={values.message} onChange={set("message")} rows={6} required maxLength={2000} />}
      </FormField>
      <div className="-mt-2">
        <Button variant="secondary" size="sm" onClick={generate} disabled={writing}>
          <Sparkles aria-hidden="true" />
          {writing ? "Writing..." : "Generate with AI"}
        </Button>
      </div>
      <ProofOfWorkField key={proofKey} onTicked={verification.clear} />
      <StepActions onCancel={onCancel} busy={busy} label="Send Request" busyLabel="Sending..." />
    </form>
  );
}

function SignUpStep({
  requestId,
  claimToken,
  prefill,
  onCancel,
  onSignedUp,
}: {
  requestId: string;
  claimToken: string;
  prefill: { fullName: string; email: string };
  onCancel: () => void;
  onSignedUp: (email: string) => void;
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
    const answer = await post("/api/intro-requests/sign-up", { ...values, requestId, claimToken });
    setBusy(false);
    if (answer.ok) {
      toast({ title: "Sign up successful!", description: "Your account has been created." });
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
        Create your account to send the request. We'll e-mail you a link to confirm your address, and tell you when they respond.
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

/** After the sign-up: what the new member does next, and what happens to the request meanwhile. */
function ConfirmEmailStep({ email, onDone }: { email: string; onDone: () => void }) {
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
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}

/** Cancel and the step's submit button, which says what it is doing while busy (spec 01 §2: "Creating Account..."). */
function StepActions({ onCancel, busy, label, busyLabel }: { onCancel: () => void; busy: boolean; label: string; busyLabel: string }) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
