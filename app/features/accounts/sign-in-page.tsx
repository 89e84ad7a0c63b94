import { SIGN_IN_FAILED, SignInOptions } from "./sign-in-options.tsx";

/** The sign-in page: where the header's Sign In leads without JavaScript, and where a failed provider callback lands. */
export function SignInPage({ returnTo, failed, hint }: { returnTo: string; failed: boolean; hint: string | null }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-2xl font-semibold tracking-tight">Sign in to Introbase</h1>
      <p className="mt-2 text-sm text-fg-muted">Members see more of the directory, depending on their plan.</p>
      <div className="mt-6">
        <SignInOptions returnTo={returnTo} error={failed ? [SIGN_IN_FAILED, hint].filter(Boolean).join(" ") : null} />
      </div>
    </div>
  );
}
