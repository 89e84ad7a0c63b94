import { useEffect, useRef, useState } from "react";
import type {} from "altcha/types/react";
import type { WidgetMethods } from "altcha/types";
import { PROOF_FIELD } from "./proof-field.ts";

type AltchaElement = HTMLElement & WidgetMethods;

let loading: Promise<void> | undefined;

/** The widget's code (about 35 kB) loads with the first form that needs it, never on a page's first load. */
function loadWidget(): Promise<void> {
  loading ??= import("altcha").then(() => {
    const i18n = (
      globalThis as unknown as {
        $altcha?: { i18n: { get(lang: string): Record<string, string>; set(lang: string, strings: Record<string, string>): void } };
      }
    ).$altcha?.i18n;
    // The spec's wording for the box (spec 01 §2).
    if (i18n) i18n.set("en", { ...i18n.get("en"), label: "I'm not a robot" });
  });
  return loading;
}

/**
 * "I'm not a robot" as a self-hosted ALTCHA proof of work (issue 4): ticking the box makes the browser solve a
 * challenge from /api/proof-of-work; the solved payload goes into the form as `proofOfWork` and the server
 * checks and spends it. `onVerifiedChange` tells the form whether it may submit. Remount (change `key`) to
 * start over with a new challenge after a submission.
 */
export function ProofOfWorkField({ onVerifiedChange }: { onVerifiedChange?: (verified: boolean, payload: string) => void }) {
  const ref = useRef<AltchaElement>(null);
  const [payload, setPayload] = useState("");
  const report = useRef(onVerifiedChange);
  report.current = onVerifiedChange;

  useEffect(() => {
    let widget: AltchaElement | null = null;
    const onState = (event: Event) => {
      const { state, payload: solved } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      const verified = state === "verified" && Boolean(solved);
      setPayload(verified ? solved! : "");
      report.current?.(verified, verified ? solved! : "");
    };
    let cancelled = false;
    void loadWidget().then(() => {
      if (cancelled || !ref.current) return;
      widget = ref.current;
      widget.addEventListener("statechange", onState);
    });
    return () => {
      cancelled = true;
      widget?.removeEventListener("statechange", onState);
    };
  }, []);

  return (
    <div className="proof-of-work">
      <altcha-widget
        ref={ref}
        challenge="/api/proof-of-work"
        type="checkbox"
        auto="off"
        name="altcha"
        configuration='{"hideFooter":true,"hideLogo":true}'
      />
      <input type="hidden" name={PROOF_FIELD} value={payload} />
    </div>
  );
}
