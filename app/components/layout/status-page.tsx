import { isRouteErrorResponse, Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { NotFoundPage } from "./not-found-page.tsx";

/**
 * A route's error boundary: a bare 404 is the not-found page; 403 and a 404 with a message say so plainly; anything
 * else is a generic failure.
 */
export function StatusPage({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A 404 without a message of its own is simply a page that does not exist: the site's one not-found page.
  if (status === 404 && !(isRouteErrorResponse(error) && typeof error.data?.message === "string")) return <NotFoundPage />;
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string" ? (error.data.message as string) : "Something went wrong.";
  const title = status === 403 ? "Access denied" : status === 404 ? "Page not found" : "Something went wrong";
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
