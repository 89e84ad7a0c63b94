import { useEffect, useRef } from "react";
import type {} from "altcha/types/react";
import { PROOF_FIELD } from "./proof-field.ts";

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
 * challenge from /api/proof-of-work, and the widget puts the solved payload in a hidden `proofOfWork` field of
 * the form, which the server checks and spends. Remount (change `key`) for a new challenge after a submission.
 * `onTicked` runs when the box is ticked (the solving starts).
 */
export function ProofOfWorkField({ onTicked }: { onTicked?: () => void } = {}) {
  const widget = useRef<HTMLElement>(null);
  const ticked = useRef(onTicked);
  useEffect(() => {
    ticked.current = onTicked;
  }, [onTicked]);
  useEffect(() => {
    void loadWidget();
    const element = widget.current;
    if (!element) return;
    // Ticking the box starts the solving ("verifying"): from then on a "tick the box" warning no longer applies.
    const onChange = (event: Event) => {
      const state = (event as CustomEvent<{ state?: string }>).detail?.state;
      if (state === "verifying" || state === "verified") ticked.current?.();
    };
    element.addEventListener("statechange", onChange);
    return () => element.removeEventListener("statechange", onChange);
  }, []);
  return (
    <div className="proof-of-work min-h-[3.25rem]">
      <altcha-widget
        ref={widget}
        challenge="/api/proof-of-work"
        type="checkbox"
        auto="off"
        name={PROOF_FIELD}
        configuration='{"hideFooter":true,"hideLogo":true}'
      />
    </div>
  );
}

/**
 * The solved payload in a form, or "" when the box is not ticked. A submit while the browser is still solving
 * waits for it to finish (the label already reads "Verified" for a moment before the payload is ready).
 */
export async function solvedProof(form: HTMLFormElement): Promise<string> {
  const widget = form.querySelector<HTMLElement & { getState?: () => string }>("altcha-widget");
  if (widget?.getState?.() === "verifying") {
    await new Promise<void>((resolve) => {
      const done = () => {
        widget.removeEventListener("statechange", onChange);
        clearTimeout(timer);
        resolve();
      };
      const onChange = (event: Event) => {
        if ((event as CustomEvent<{ state: string }>).detail.state !== "verifying") done();
      };
      const timer = setTimeout(done, 30_000);
      widget.addEventListener("statechange", onChange);
    });
  }
  const value = new FormData(form).get(PROOF_FIELD);
  return typeof value === "string" ? value : "";
}
