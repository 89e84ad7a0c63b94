import { CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";

/** Where the browser lands after "Delete my account" (decision 0077): signed out, told what happens next. */
export function AccountDeletedPage() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <CircleCheck aria-hidden="true" className="mx-auto size-10 text-accent" />
      <h1 className="mt-4 text-2xl font-semibold">Your account is deleted</h1>
      <div className="mt-2 grid gap-2 text-fg-muted">
        <p>You are signed out on every device, and nothing signs in to that account any more.</p>
        <p>
          We are removing the rest of your data now; it takes minutes, and never more than 30 days. One e-mail confirms it when it is done,
          and then we never write to that address about this account again.
        </p>
        <p>You are welcome back at any time: signing up again makes a new, empty account.</p>
      </div>
      <p className="mt-6">
        <Link to="/" className={buttonClass({ variant: "secondary" })}>
          Go to Introbase
        </Link>
      </p>
    </div>
  );
}
