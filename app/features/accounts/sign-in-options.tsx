import { useState } from "react";
import { Link, useLocation } from "react-router";

const SIGN_IN_PROVIDERS = [
  { id: "google", label: "Google" },
  { id: "linkedin", label: "LinkedIn" },
] as const;

export const SIGN_IN_FAILED = "Failed to sign in. Please try again.";

/** Where the browser goes to sign in with a provider, coming back to `returnTo`. */
function signInHref(provider: string, returnTo: string): string {
  return `/api/auth/signin?${new URLSearchParams({ provider, returnTo })}`;
}

/**
 * The two "Continue with" buttons of spec 01 §2. They are links (a top-level navigation to the provider),
 * so they work without JavaScript; with it, choosing one disables both and names the provider in progress.
 */
export function SignInOptions({ returnTo, error }: { returnTo?: string; error?: string | null }) {
  const location = useLocation();
  const target = returnTo ?? `${location.pathname}${location.search}`;
  const [pending, setPending] = useState<string | null>(null);
  return (
    <div className="grid gap-3">
      {error ? (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {SIGN_IN_PROVIDERS.map((provider) => (
        <a
          key={provider.id}
          href={signInHref(provider.id, target)}
          aria-disabled={pending !== null}
          onClick={(event) => {
            if (pending) event.preventDefault();
            else setPending(provider.label);
          }}
          className="inline-flex h-11 items-center justify-center rounded-md border border-border bg-surface px-4 text-sm font-medium hover:bg-surface-muted aria-disabled:pointer-events-none aria-disabled:opacity-60"
        >
          {pending === provider.label ? `Signing in with ${provider.label}...` : `Continue with ${provider.label}`}
        </a>
      ))}
      <p className="text-xs text-fg-muted">
        By signing in, you agree to our{" "}
        <Link to="/terms" className="underline">
          Terms of Service
        </Link>{" "}
        and{" "}
        <Link to="/privacy-policy" className="underline">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
