import { Dialog } from "~/components/ui/dialog.tsx";

/** Sign-in arrives with accounts (issue 3); until then the dialog says so plainly. */
export function SignInDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Sign in to Introbase">
      <p className="text-sm text-fg-muted">
        Sign-in with Google and LinkedIn is coming soon. You can browse the whole public directory without an account.
      </p>
    </Dialog>
  );
}
