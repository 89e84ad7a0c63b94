import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { routeErrorView } from "~/lib/route-error.ts";
import { NotFoundPage } from "./not-found-page.tsx";

/** The id of a failed request, for the user to quote: it finds the server's log line (decision 0044). */
export function RequestIdNote({ requestId }: { requestId: string | null }) {
  if (!requestId) return null;
  return (
    <p className="mt-3 text-sm text-fg-muted">
      If it keeps happening, quote this reference: <code className="font-mono">{requestId}</code>
    </p>
  );
}

/**
 * A route's error boundary: a bare 404 is the site's one not-found page; a 4xx with a message says so plainly;
 * a failure of ours says "Something went wrong" with the request id to quote.
 */
export function StatusPage({ error }: { error: unknown }) {
  const view = routeErrorView(error);
  if (view.status === 404 && !view.ownMessage) return <NotFoundPage />;
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-5xl font-bold text-accent">{view.status}</p>
      <h1 className="mt-4 text-2xl font-semibold">{view.title}</h1>
      <p className="mt-3 text-fg-muted">{view.message}</p>
      <RequestIdNote requestId={view.requestId} />
      <Link to="/" className={buttonClass({ className: "mt-8" })}>
        Return to Home
      </Link>
    </section>
  );
}
