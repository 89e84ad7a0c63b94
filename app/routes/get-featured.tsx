import { CircleCheck } from "lucide-react";
import type { FormEvent } from "react";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
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
import { checkLogo, LOGO_MAX_BYTES, readFile, storeFile } from "~/features/media/stored-files.server.ts";
import { PROOF_FIELD } from "~/features/verification/proof-field.ts";
import { ProofOfWorkField, solvedProof } from "~/features/verification/proof-of-work-field.tsx";
import { PROOF_MESSAGES, spendProof } from "~/features/verification/proof-of-work.server.ts";
import { useVerificationToast } from "~/features/verification/verification-toast.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { originOf, pageMeta } from "~/features/seo/meta-tags.ts";
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
  if (!loaderData)
    return pageMeta({
      origin: originOf(matches),
      path: null,
      title: "Page not found",
      description: "The page you're looking for doesn't exist or has been moved.",
      robots: "noindex",
    });
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
  /** A logo already accepted and stored: kept across a validation error so it need not be chosen again. */
  logoFileId?: string | null;
}

/** Multipart body cap: the 1 MB logo plus generous room for the text fields. */
const MAX_BODY_BYTES = LOGO_MAX_BYTES + 256 * 1024;

export async function action({ request, params, context }: Route.ActionArgs) {
  const type = audienceOf(params.type);
  const { database, user, clientAddress } = getAppContext(context);
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) {
    return data<ActionResult>(
      { ok: false, errors: { logo: "The logo is too large; the limit is 1 MB." }, message: "The upload is too large." },
      { status: 413 },
    );
  }
  if (!featureApplicationAttempts.attempt(clientAddress)) {
    return data<ActionResult>(
      { ok: false, message: "Too many applications from your network in the last hour. Please try again later." },
      { status: 429 },
    );
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<ActionResult>({ ok: false, message: "The form could not be read. Please try again." }, { status: 400 });
  }
  const values = readFeatureForm(form);
  const parsed = parseFeatureApplication(type, values);
  const errors: Errors = parsed.ok ? {} : { ...parsed.errors };

  // The robot check comes first: nothing is stored for a submission that did not do the work.
  const proof = await spendProof(database, form.get(PROOF_FIELD));
  const keptId = z.uuid().safeParse(form.get("logoFileId"));
  let logoFileId = keptId.success && (await readFile(database, keptId.data)) ? keptId.data : null;
  if (!proof.ok) {
    errors.proof = PROOF_MESSAGES[proof.reason];
    return data<ActionResult>({ ok: false, errors, values, logoFileId, message: errors.proof }, { status: 400 });
  }
  const logo = await checkLogo(form.get("logo"));
  if (logo.ok === false) errors.logo = logo.message;
  else if (logo.ok === true) logoFileId = await storeFile(database, logo.contentType, logo.bytes);

  if (!parsed.ok || errors.logo) {
    return data<ActionResult>(
      { ok: false, errors, values, logoFileId, message: "Please correct the highlighted fields." },
      { status: 400 },
    );
  }
  await submitFeatureApplication(database, { type, input: parsed.data, logoFileId, userId: user?.id ?? null, clientAddress });
  return data<ActionResult>({
    ok: true,
    message: "Thank you! Your application was received. We'll e-mail you when our team has reviewed it.",
  });
}

export default function GetFeatured({ loaderData, actionData }: Route.ComponentProps) {
  const audience = AUDIENCES[loaderData.type];
  const busy = useNavigation().state === "submitting";
  const submit = useSubmit();
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
          logo={<LogoInput error={actionData?.errors?.logo} keptId={actionData?.logoFileId ?? null} />}
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

function LogoInput({ error, keptId }: { error?: string; keptId: string | null }) {
  return (
    <div>
      <label htmlFor="logo" className="text-sm font-medium">
        Logo (optional)
      </label>
      <div className="mt-1 flex items-center gap-3">
        {keptId ? (
          <img
            src={`/media/${keptId}`}
            alt="Your logo"
            width={40}
            height={40}
            className="size-10 rounded border border-border object-contain"
          />
        ) : null}
        <input
          id="logo"
          name="logo"
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          aria-invalid={error ? true : undefined}
          aria-describedby="logo-message"
          className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-surface-raised file:px-3 file:py-1.5"
        />
      </div>
      {keptId ? <input type="hidden" name="logoFileId" value={keptId} /> : null}
      <p id="logo-message" className={error ? "mt-1 text-xs text-danger" : "mt-1 text-xs text-fg-muted"}>
        {error ?? (keptId ? "Your logo is kept. Choose another file to replace it." : "PNG, JPEG, WebP or GIF, up to 1 MB.")}
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
