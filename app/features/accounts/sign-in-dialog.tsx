import { Dialog } from "~/components/ui/dialog.tsx";
import { SignInOptions } from "./sign-in-options.tsx";

/**
 * Spec 01 §2's sign-in dialog. Closing unmounts the options, which resets an in-progress state. Default
 * export so the header can load it on demand: it stays off the first-load path.
 */
export default function SignInDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Sign in to Introbase">
      <SignInOptions />
    </Dialog>
  );
}
