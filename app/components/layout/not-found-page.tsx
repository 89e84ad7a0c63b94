import { Compass } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";

/**
 * The not-found page of spec 01 §2, word for word: the catch-all route draws it, and so does any route whose
 * parameter names nothing (a 404 from its loader), so every missing page looks and reads the same.
 */
export function NotFoundPage() {
  return (
    <section aria-labelledby="not-found-title" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <span className="flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent">
        <Compass className="size-6" aria-hidden="true" />
      </span>
      <p className="mt-6 text-6xl font-bold tracking-tight text-accent">404</p>
      <h1 id="not-found-title" className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">
        Page not found
      </h1>
      <p className="mt-3 text-fg-muted">The page you&apos;re looking for doesn&apos;t exist or has been moved.</p>
      <div className="mt-10 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to="/" className={buttonClass({ size: "lg" })}>
          Return to Home
        </Link>
        <Link to="/listings" className={buttonClass({ variant: "secondary", size: "lg" })}>
          Browse Listings
        </Link>
      </div>
    </section>
  );
}
