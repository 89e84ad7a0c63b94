import { Check } from "lucide-react";
import { useState } from "react";
import { useRouteLoaderData } from "react-router";
import { Dialog } from "~/components/ui/dialog.tsx";
import { Spinner } from "~/components/ui/spinner.tsx";
import { cn } from "~/lib/cn.ts";
import type { loader as rootLoader } from "~/root.tsx";
import { PilotApplicationForm } from "./pilot-application-form.tsx";
import { PILOT_BENEFITS, PILOT_NOTE, PILOT_OFFER } from "./pilot-offer.ts";

/** Spec 01 §9: the embedded application frame is 500px high. */
const FRAME_HEIGHT = 500;

/**
 * The external application form. Mounted only while the dialog is open, so the spinner starts over each
 * time it opens and stays until the frame has loaded.
 */
function PilotFormFrame({ src }: { src: string }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <div className="relative mt-6 overflow-hidden rounded-lg border border-border">
      {loaded ? null : <Spinner label="Loading application form" className="absolute inset-0 bg-surface-raised" />}
      <iframe
        src={src}
        title="Pilot application form"
        height={FRAME_HEIGHT}
        onLoad={() => setLoaded(true)}
        style={{ height: FRAME_HEIGHT }}
        className={cn("block w-full border-0 bg-surface-raised", loaded ? "opacity-100" : "opacity-0")}
        sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}

/**
 * The pilot application dialog (spec 01 §2). The form is the external page of PILOT_FORM_URL embedded in a
 * frame when one is configured; otherwise our own form, stored as a pilot application.
 */
export default function PilotDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const formUrl = useRouteLoaderData<typeof rootLoader>("root")?.pilotFormUrl ?? null;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Apply for the Partner-Led Growth Pilot"
      description={`A done-for-you pilot for a cohort of ${PILOT_OFFER.cohortSize} startups. Accepted teams get a ${PILOT_OFFER.earlyDiscountPercent}% early-access discount.`}
      className="max-w-2xl"
    >
      <ul className="space-y-2 text-sm">
        {PILOT_BENEFITS.map((benefit) => (
          <li key={benefit} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
            <span>{benefit}</span>
          </li>
        ))}
      </ul>
      <p className="mt-4 rounded-lg bg-surface-muted p-3 text-sm text-fg-muted">{PILOT_NOTE}</p>
      {formUrl ? <PilotFormFrame src={formUrl} /> : <PilotApplicationForm />}
    </Dialog>
  );
}
