import { isRouteErrorResponse, Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { errorMessageOf, statusTitle } from "~/lib/route-error.ts";
import { NotFoundPage } from "./not-found-page.tsx";

/**
 * A route's error boundary: a bare 404 is the site's one not-found page; 400, 403, 404 and 413 with a message say so
 * plainly; anything else is a generic failure.
 */
export function StatusPage({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const ownMessage = errorMessageOf(error);
  if (status === 404 && !ownMessage) return <NotFoundPage />;
  const message = ownMessage ?? "Something went wrong.";
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
