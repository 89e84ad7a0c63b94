import { Send } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button.tsx";
import { IntroRequestDialog } from "~/features/introductions/intro-request-dialog-lazy.ts";
import type { IntroRecipient } from "~/features/introductions/intro-recipient.ts";

/** "Request Introduction" on a profile: opens the request dialog for this listing (spec 01 §2). */
export function RequestIntroButton({
  recipient,
  className,
  size,
}: {
  recipient: IntroRecipient;
  className?: string;
  size?: "sm" | "md" | "lg";
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button className={className} size={size} onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Send aria-hidden="true" />
        Request Introduction
      </Button>
      <IntroRequestDialog open={open} onOpenChange={setOpen} recipient={recipient} />
    </>
  );
}
