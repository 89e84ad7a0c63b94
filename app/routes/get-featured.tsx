import { CircleCheck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/get-featured";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { FeatureApplicationFields, featureFormOptions } from "~/features/applications/feature-application-form.tsx";
import {
  parseFeatureApplication,
  readFeatureForm,
  type FeatureField,
  type FeatureFormValues,
} from "~/features/applications/feature-application.ts";
import { featureApplicationAttempts, submitFeatureApplication } from "~/features/applications/feature-applications.server.ts";
import { getReferenceData } from "~/features/catalog/reference-data.server.ts";
import { logoSizeProblem } from "~/features/media/logo-size.ts";
import { checkLogo } from "~/features/media/stored-files.server.ts";
import { PROOF_FIELD } from "~/features/verification/proof-field.ts";
import { ProofOfWorkField, solvedProof } from "~/features/verification/proof-of-work-field.tsx";
import { PROOF_MESSAGES, spendProof } from "~/features/verification/proof-of-work.server.ts";
import { useVerificationToast } from "~/features/verification/verification-toast.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { readForm } from "~/lib/http.server.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { notFoundMeta, originOf, pageMeta } from "~/features/seo/meta-tags.ts";
import { logger } from "~/lib/logger.server.ts";

const AUDIENCES = {
  startup: {
    title: "Get your startup featured",
    intro: "Featured startups appear at the top of the directory and in the Latest Funding Rounds table on the home page.",
  },
  partner: {
    title: "Get featured as a local partner",
    intro: "Featured partners are shown to startups looking to enter and grow in your markets.",
  },
} as const;

/** Only startups and partners apply here; any other type (/get-featured/investor) is the site's not-found page. */
function audienceOf(param: string | undefined): keyof typeof AUDIENCES {
  if (param === "startup" || param === "partner") return param;
  throw data(null, { status: 404 });
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (params.type !== "startup" && params.type !== "partner")
    logger.warn({ path: new URL(request.url).pathname.replace(/\.data$/, "").slice(0, 500) }, "page not found");
  const type = audienceOf(params.type);
  const reference = await getReferenceData(getAppContext(context).database);
  return {
    type,
    options: featureFormOptions(reference),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta(originOf(matches));
  const audience = AUDIENCES[loaderData.type];
  return pageMeta({
    origin: originOf(matches),
    path: `/get-featured/${loaderData.type}`,
    title: audience.title,
    description: audience.intro,
  });
}

type Errors = Partial<Record<FeatureField | "logo" | "proof", string>>;
interface ActionResult {
  ok: boolean;
  message?: string;
  errors?: Errors;
  values?: FeatureFormValues;
  /** The submission had an acceptable logo: nothing is stored until the whole form passes, so it is sent again. */
  logoChosen?: boolean;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const type = audienceOf(params.type);
  const { database, user, clientAddress } = getAppContext(context);
  const tooLarge = () =>
    data<ActionResult>(
      { ok: false, errors: { logo: "The logo is too large; the limit is 1 MB." }, message: "The upload is too large." },
      { status: 413 },
    );
  if (!featureApplicationAttempts.attempt(clientAddress)) {
    return data<ActionResult>(
      { ok: false, message: "Too many applications from your network in the last hour. Please try again later." },
      { status: 429 },
    );
  }
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    // Sent without a length and over the multipart limit (app/lib/body-limits.ts): said beside the logo. A declared
    // length over it never reaches the route (server/request-guard.ts); the form checks the file before sending.
    if (error instanceof Response && error.status === 413) return tooLarge();
    throw error;
  }
  const values = readFeatureForm(form);
  const parsed = parseFeatureApplication(type, values);
  const errors: Errors = parsed.ok ? {} : { ...parsed.errors };

  // The robot check comes first, then every field and the logo are checked; only a submission that passes all of
  // it is stored, the logo and the application in one transaction. A logo kept for a submission that failed stayed
  // stored and served from /media to anyone given its address (issue 14).
  const proof = await spendProof(database, form.get(PROOF_FIELD));
  const logo = await checkLogo(form.get("logo"));
  if (!proof.ok) {
    errors.proof = PROOF_MESSAGES[proof.reason];
    return data<ActionResult>({ ok: false, errors, values, logoChosen: logo.ok === true, message: errors.proof }, { status: 400 });
  }
  if (logo.ok === false) errors.logo = logo.message;
  if (!parsed.ok || errors.logo) {
    return data<ActionResult>(
      { ok: false, errors, values, logoChosen: logo.ok === true, message: "Please correct the highlighted fields." },
      { status: 400 },
    );
  }
  await submitFeatureApplication(database, {
    type,
    input: parsed.data,
    logo: logo.ok === true ? logo : null,
    userId: user?.id ?? null,
    clientAddress,
  });
  return data<ActionResult>({
    ok: true,
    message: "Thank you! Your application was received. We'll e-mail you when our team has reviewed it.",
  });
}

export default function GetFeatured({ loaderData, actionData }: Route.ComponentProps) {
  const audience = AUDIENCES[loaderData.type];
  const busy = useNavigation().state === "submitting";
  const submit = useSubmit();
  // A logo over the limit is said beside the field before anything is sent (the server would refuse the upload).
  const [logoTooLarge, setLogoTooLarge] = useState<string | null>(null);
  const verification = useVerificationToast();
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
          type={loaderData.type}
          options={loaderData.options}
          values={actionData?.values}
          errors={actionData?.errors}
          logo={<LogoInput error={logoTooLarge ?? actionData?.errors?.logo} chosenBefore={actionData?.logoChosen ?? false} />}
        />
        <div>
          {/* A new widget (and challenge) after every answer: each solved challenge is accepted once. */}
          <ProofOfWorkField key={JSON.stringify(actionData ?? null)} onTicked={verification.clear} />
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
        accept="image/png,image/jpeg,image/webp,image/gif"
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
