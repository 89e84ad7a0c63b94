import { isRouteErrorResponse, Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { errorMessageOf, statusTitle } from "~/lib/route-error.ts";

/** A route's error boundary: 400, 403, 404 and 413 say so plainly with their message; anything else is a generic failure. */
export function StatusPage({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = errorMessageOf(error) ?? "Something went wrong.";
  const title = statusTitle(status);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-5xl font-bold text-accent">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
      <p className="mt-3 text-fg-muted">{message}</p>
      <Link to="/" className={buttonClass({ className: "mt-8" })}>
        Return to Home
      </Link>
    </section>
  );
}
