import { Send } from "lucide-react";
import { Button } from "~/components/ui/button.tsx";
import { useUnlockPrompt } from "~/components/layout/unlock-prompt.tsx";
import { useCurrentUser } from "~/lib/use-current-user.ts";

/**
 * Requesting an introduction starts with signing in. Signed in, the request form arrives with the
 * introductions feature; until then the button says so instead of pretending to send anything.
 */
export function RequestIntroButton({ className, size }: { className?: string; size?: "sm" | "md" | "lg" }) {
  const { signIn } = useUnlockPrompt();
  const user = useCurrentUser();
  return (
    <Button
      className={className}
      size={size}
      onClick={user ? undefined : signIn}
      disabled={Boolean(user)}
      title={user ? "Introduction requests open soon." : undefined}
      aria-haspopup={user ? undefined : "dialog"}
    >
      <Send aria-hidden="true" />
      Request Introduction
    </Button>
  );
}
