import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { CLAIM_LINK_HOURS } from "./claim-links.ts";
import { ownerAreaPath } from "./owner-area.tsx";

export interface ClaimPageData {
  listing: { id: string; type: "startup" | "investor" | "partner"; slug: string; name: string };
  owned: boolean;
  /** A claim with evidence of this member's that waits for an operator. */
  waiting: boolean;
}

export type ClaimSubmission = FormResult<"email" | "role" | "evidence" | "evidenceUrl">;

/** /profile/:type/:slug/claim: "Is this your company?", by a work address or by asking an operator. */
export function ClaimPage({ page, result }: { page: ClaimPageData; result?: ClaimSubmission }) {
  const busy = useNavigation().state !== "idle";
  const { listing } = page;
  const profile = `/profile/${listing.type}/${listing.slug}`;
  const domain = result?.intent === "domain" ? result : undefined;
  const evidence = result?.intent === "evidence" ? result : undefined;
  return (
    <div className="mx-auto grid max-w-2xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <div>
        <p className="text-sm text-fg-muted">
          <Link to={profile} className="underline">
            {listing.name}
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Is this your company?</h1>
        <p className="mt-1 text-sm text-fg-muted">
          Keep the listing of {listing.name} yourself: edit its profile, answer introduction requests and see who looks.
        </p>
      </div>
      {page.owned ? (
        <Card className="p-5 sm:p-6">
          <p className="font-medium">You keep this listing.</p>
          <p className="mt-2 text-sm">
            <Link to={ownerAreaPath(listing.id)} className="text-accent underline">
              Open it in My listings
            </Link>
          </p>
        </Card>
      ) : (
        <>
          <Card className="p-5 sm:p-6">
            <h2 className="font-semibold">Prove it with your work e-mail</h2>
            <p className="mt-1 text-sm text-fg-muted">
              Give your address at the company&apos;s own domain (the domain of its website). We e-mail a link there; open it while signed
              in to this account and the listing is yours. The link works for {CLAIM_LINK_HOURS} hours.
            </p>
            {domain?.ok ? (
              <p role="status" className="mt-4 rounded-md border border-border p-3 text-sm">
                {domain.message}
              </p>
            ) : (
              <Form method="post" className="mt-4 grid gap-4" noValidate>
                <input type="hidden" name="intent" value="domain" />
                <FormField label="Work e-mail" error={domain?.errors?.email ?? (domain && !domain.errors ? domain.message : undefined)}>
                  {(props) => (
                    <input
                      {...props}
                      name="email"
                      type="email"
                      autoComplete="email"
                      required
                      defaultValue={domain?.values?.email ?? ""}
                      placeholder="you@company.com"
                    />
                  )}
                </FormField>
                <div>
                  <Button type="submit" disabled={busy}>
                    Send me a link
                  </Button>
                </div>
              </Form>
            )}
          </Card>
          <EvidenceCard waiting={page.waiting} result={evidence} busy={busy} />
        </>
      )}
    </div>
  );
}

/** The operator route: who the member is at the company and how to check it. */
function EvidenceCard({ waiting, result: evidence, busy }: { waiting: boolean; result?: ClaimSubmission; busy: boolean }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="font-semibold">Or ask our team</h2>
      <p className="mt-1 text-sm text-fg-muted">
        No address at the company&apos;s domain? Tell us who you are there and how we can check; an operator decides, usually within two
        working days, and we e-mail you.
      </p>
      {evidence?.ok || waiting ? (
        <p role="status" className="mt-4 rounded-md border border-border p-3 text-sm">
          {evidence?.message ?? "Your claim is with our team. We will e-mail you when they decide."}
        </p>
      ) : (
        <Form method="post" className="mt-4 grid gap-4" noValidate>
          <input type="hidden" name="intent" value="evidence" />
          {evidence && !evidence.errors ? (
            <p role="alert" className="text-sm text-danger">
              {evidence.message}
            </p>
          ) : null}
          <FormField label="Your role at the company" error={evidence?.errors?.role}>
            {(props) => (
              <input
                {...props}
                name="role"
                required
                maxLength={120}
                autoComplete="organization-title"
                defaultValue={evidence?.values?.role ?? ""}
              />
            )}
          </FormField>
          <FormField
            label="How can we check?"
            error={evidence?.errors?.evidence}
            hint="For example: the team page that names you, or a colleague we can write to."
          >
            {(props) => (
              <textarea {...props} name="evidence" required rows={4} maxLength={2000} defaultValue={evidence?.values?.evidence ?? ""} />
            )}
          </FormField>
          <FormField label="A link that shows it (optional)" error={evidence?.errors?.evidenceUrl}>
            {(props) => (
              <input {...props} name="evidenceUrl" type="url" maxLength={500} defaultValue={evidence?.values?.evidenceUrl ?? ""} />
            )}
          </FormField>
          <div>
            <Button type="submit" variant="secondary" disabled={busy}>
              Send to our team
            </Button>
          </div>
        </Form>
      )}
    </Card>
  );
}
