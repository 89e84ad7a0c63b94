import { useEffect } from "react";
import { useLocation } from "react-router";
import { Dialog } from "~/components/ui/dialog.tsx";
import { useCurrentUser } from "~/lib/use-current-user.ts";
import { PasswordSignInForm } from "./password-sign-in-form.tsx";
import { OrDivider } from "./sign-in-page.tsx";
import { SignInOptions } from "./sign-in-options.tsx";

/**
 * Spec 01 §2's sign-in dialog, with e-mail and password beside the providers (decision 0076). Closing unmounts the
 * options, which resets an in-progress state; a password sign-in closes it once the page knows the member (the
 * action's redirect reloads the page's data). Default export so the header can load it on demand: it stays off the
 * first-load path.
 */
export default function SignInDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const location = useLocation();
  const signedIn = Boolean(useCurrentUser());
  useEffect(() => {
    if (open && signedIn) onOpenChange(false);
  }, [open, signedIn, onOpenChange]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Sign in to Introbase">
      <SignInOptions />
      <OrDivider />
      <PasswordSignInForm returnTo={`${location.pathname}${location.search}`} />
    </Dialog>
  );
}
