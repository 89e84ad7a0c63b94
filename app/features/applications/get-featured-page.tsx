import { CircleCheck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { LOGO_TYPES, logoSizeProblem } from "~/features/media/logo-rules.ts";
import { ProofOfWorkField, solvedProof } from "~/features/verification/proof-of-work-field.tsx";
import { useVerificationToast } from "~/features/verification/verification-toast.ts";
import type { FormResult } from "~/lib/form-parse.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { FeatureApplicationFields, type FeatureFormOptions } from "./feature-application-form.tsx";
import type { FeatureField, FeatureFormValues, FeatureType } from "./feature-application.ts";

export const FEATURE_AUDIENCES = {
  startup: {
    title: "Get your startup featured",
    intro: "Featured startups appear at the top of the directory and in the Latest Funding Rounds table on the home page.",
  },
  partner: {
    title: "Get featured as a local partner",
    intro: "Featured partners are shown to startups looking to enter and grow in your markets.",
  },
} as const;

export type FeatureSubmission = FormResult<FeatureField | "logo" | "proof", { logoChosen: boolean; proofKept: boolean }, FeatureFormValues>;

/**
 * The /get-featured application form: sent from the page (so a click while the robot check solves waits for it),
 * and without JavaScript as a plain multipart post the server answers with the messages and the values kept.
 */
export function GetFeaturedPage({
  type,
  options,
  result: actionData,
}: {
  type: FeatureType;
  options: FeatureFormOptions;
  result?: FeatureSubmission;
}) {
  const audience = FEATURE_AUDIENCES[type];
  const busy = useNavigation().state === "submitting";
  const submit = useSubmit();
  // A logo over the limit is said beside the field before anything is sent (the server would refuse the upload).
  const [logoTooLarge, setLogoTooLarge] = useState<string | null>(null);
  const verification = useVerificationToast();
  // A new widget (and challenge) after every answer that spent or refused the proof; an answer that refused only the
  // fields left it unspent (proofKept), and the solved box stays for the corrected form (issue 31).
  const [widget, setWidget] = useState({ answer: actionData, key: 0 });
  if (widget.answer !== actionData) setWidget({ answer: actionData, key: actionData?.data?.proofKept ? widget.key : widget.key + 1 });
  if (actionData?.ok) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
        <CircleCheck aria-hidden="true" className="mx-auto size-10 text-accent" />
        <h1 className="mt-4 text-2xl font-semibold">Application received</h1>
        <p role="status" className="mt-2 text-fg-muted">
          {actionData.message}
        </p>
        <Link to="/listings" className={buttonClass({ variant: "secondary", className: "mt-8" })}>
          Browse Listings
        </Link>
      </div>
    );
  }
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    // Submitted from here (not by the browser) so a click during the last moment of solving waits for the proof.
    event.preventDefault();
    const form = event.currentTarget;
    const logo = form.elements.namedItem("logo");
    const sizeProblem = logo instanceof HTMLInputElement && logo.files?.[0] ? logoSizeProblem(logo.files[0].size) : null;
    setLogoTooLarge(sizeProblem);
    if (sizeProblem) return void (logo as HTMLInputElement).focus();
    if (await solvedProof(form)) {
      verification.clear();
      return void submit(form);
    }
    verification.warn();
  };
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{audience.title}</h1>
      <p className="mt-3 text-lg text-fg-muted">{audience.intro}</p>
      <p className="mt-2 text-sm text-fg-muted">
        Every application is reviewed by our team before it is published. It takes about five minutes.
      </p>
      {actionData?.message ? (
        <p role="alert" className="mt-6 rounded-lg border border-danger p-3 text-sm text-danger">
          {actionData.message}
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" noValidate onSubmit={(event) => void onSubmit(event)} className="mt-8 grid gap-6">
        <FeatureApplicationFields
          type={type}
          options={options}
          values={actionData?.values}
          errors={actionData?.errors}
          logo={<LogoInput error={logoTooLarge ?? actionData?.errors?.logo} chosenBefore={actionData?.data?.logoChosen ?? false} />}
        />
        <div>
          <ProofOfWorkField key={widget.key} onTicked={verification.clear} />
          {actionData?.errors?.proof ? <p className="mt-1 text-xs text-danger">{actionData.errors.proof}</p> : null}
        </div>
        <div>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? "Sending..." : "Send application"}
          </Button>
        </div>
      </Form>
    </div>
  );
}

function LogoInput({ error, chosenBefore }: { error?: string; chosenBefore: boolean }) {
  // With JavaScript the form is sent from the page and the chosen file stays in the field; a page the server sent
  // back (no JavaScript) has an empty file field, and the logo must be chosen again.
  const hydrated = useHydrated();
  const hint = chosenBefore
    ? hydrated
      ? "Your logo is kept in the form and sent with it again."
      : "Choose your logo again: it is stored only with a complete application."
    : "PNG, JPEG, WebP or GIF, up to 1 MB.";
  return (
    <div>
      <label htmlFor="logo" className="text-sm font-medium">
        Logo (optional)
      </label>
      <input
        id="logo"
        name="logo"
        type="file"
        accept={LOGO_TYPES.join(",")}
        aria-invalid={error ? true : undefined}
        aria-describedby="logo-message"
        className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-surface-raised file:px-3 file:py-1.5"
      />
      <p id="logo-message" className={error ? "mt-1 text-xs text-danger" : "mt-1 text-xs text-fg-muted"}>
        {error ?? hint}
      </p>
    </div>
  );
}
