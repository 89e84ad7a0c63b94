import { useCallback, useEffect, useRef } from "react";
import { dismissToast, toast } from "~/components/ui/toaster.tsx";

/** Spec 01 §5, word for word. */
const VERIFICATION_TITLE = "Verification required";
const VERIFICATION_MESSAGE = "Please confirm you're not a robot before submitting.";

/**
 * The "Verification required" toast of a form with the robot check, which goes away once it no longer applies
 * (issue 15 §8): when the box is ticked (pass `clear` to ProofOfWorkField's onTicked) and when the form is gone (the
 * dialog closed). A second warning replaces the first instead of stacking.
 */
export function useVerificationToast(): { warn: (description?: string) => void; clear: () => void } {
  const shown = useRef<number | null>(null);
  const clear = useCallback(() => {
    if (shown.current !== null) dismissToast(shown.current);
    shown.current = null;
  }, []);
  useEffect(() => clear, [clear]);
  const warn = useCallback(
    (description: string = VERIFICATION_MESSAGE) => {
      clear();
      shown.current = toast({ title: VERIFICATION_TITLE, description, variant: "destructive" });
    },
    [clear],
  );
  return { warn, clear };
}
