import { Sparkles } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Dialog } from "~/components/ui/dialog.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Skeleton } from "~/components/ui/skeleton.tsx";
import { toast } from "~/components/ui/toaster.tsx";
import { ProofOfWorkField, solvedProof } from "~/features/verification/proof-of-work-field.tsx";
import { PROOF_FIELD } from "~/features/verification/proof-field.ts";
import { useVerificationToast } from "~/features/verification/verification-toast.ts";
import { QUOTA_EXCEEDED } from "~/features/access/quotas.ts";
import { AI_API } from "~/features/ai/ai-api-schema.ts";
import { askAi } from "~/features/ai/ask-ai.ts";
import { useAiAccess } from "~/features/ai/use-ai-access.ts";
import { useCurrentUser } from "~/lib/use-current-user.ts";
import type { FieldErrors } from "~/lib/form-parse.ts";
import { ConfirmEmailStep, SignInStep, SignUpStep } from "./intro-account-steps.tsx";
import { post, sentToast, StepActions, type Claim } from "./intro-dialog-parts.tsx";
import type { IntroRecipient } from "./intro-recipient.ts";
import { introMessageTemplate, type IntroRequestField } from "./intro-request.ts";
import { useIntroEligibility } from "./use-intro-eligibility.ts";

/**
 * Request an Introduction (spec 01 §2, §4, §5, §8; issue 4 §1). Step one is the request with the robot check;
 * signed-out visitors then create their account in "Complete Your Sign Up", and the last step tells them to
 * confirm their address by e-mail: the request goes to review once they do (DESIGN D15). A visitor who already has
 * an account signs in with its password instead, and the request goes to review at once (decision 0076).
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
    | { name: "request" }
    | ({ name: "sign-up" } & Claim)
    | ({ name: "sign-in"; email: string } & Claim)
    | ({ name: "confirm-email"; email: string } & Claim)
  >({ name: "request" });
  const [request, setRequest] = useState({ senderName: user?.name ?? "", senderEmail: user?.email ?? "", message: "" });
  const eligibility = useIntroEligibility(recipient);
  if (step.name === "request") {
    if (eligibility.state === "checking")
      return (
        <div className="grid gap-4" aria-busy="true" aria-label="Checking whether they take requests">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-32" />
        </div>
      );
    if (eligibility.state === "refused")
      return (
        <div className="grid gap-4">
          <p role="status" className="rounded-md border border-border bg-surface-muted p-4 text-sm">
            {eligibility.message}
          </p>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onDone}>
              Close
            </Button>
          </div>
        </div>
      );
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
  const claim = { requestId: step.requestId, claimToken: step.claimToken };
  if (step.name === "confirm-email")
    return (
      <ConfirmEmailStep email={step.email} onDone={onDone} onSignIn={() => setStep({ ...claim, name: "sign-in", email: step.email })} />
    );
  if (step.name === "sign-in") return <SignInStep claim={claim} email={step.email} onCancel={onDone} onSent={onDone} />;
  return (
    <SignUpStep
      claim={claim}
      prefill={{ fullName: request.senderName, email: request.senderEmail }}
      onCancel={onDone}
      onSignedUp={(email) => setStep({ ...claim, name: "confirm-email", email })}
      onSignIn={(email) => setStep({ ...claim, name: "sign-in", email })}
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
