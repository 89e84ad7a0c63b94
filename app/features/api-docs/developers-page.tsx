import { Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Card } from "~/components/ui/card.tsx";
import { CopyButton } from "~/components/ui/copy-button.tsx";

/** The parts of the OpenAPI document this page reads (it is rendered from the document, nothing else). */
interface JsonSchema {
  type?: string | string[];
  pattern?: string;
  maxLength?: number;
  enum?: unknown[];
  items?: JsonSchema;
}
interface Parameter {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  schema: JsonSchema;
}
interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  parameters: Parameter[];
  responses: Record<string, { description: string }>;
  security: Array<Record<string, string[]>>;
}
export interface ApiDocument {
  info: { title: string; description: string };
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { headers: Record<string, { description: string }> };
}

function typeOf(schema: JsonSchema): string {
  if (schema.type === "array") return `list of ${schema.items ? typeOf(schema.items) : "values"}`;
  if (schema.enum) return schema.enum.map(String).join(" | ");
  return Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any");
}

/** A call to copy: the key from an environment variable, never typed into a command line that shells keep. */
function curlFor(server: string, path: string, keyed: boolean): string {
  const example =
    path === "/api/listings" ? "/api/listings?type=startup&pageSize=25" : path.replace("{type}", "startup").replace("{slug}", "$SLUG");
  const auth = keyed ? '-H "Authorization: Bearer $INTROBASE_API_KEY" ' : "";
  // A file is saved as one; JSON is shown with its headers (the rate limits).
  const output = path.endsWith(".csv") ? "-o introbase-listings.csv" : "-i";
  return `curl ${output} ${auth}"${server}${example}"`;
}

/** /developers: the JSON API as its OpenAPI document says, with how to authenticate, the limits and curl to copy. */
export function DevelopersPage({ document, signedIn }: { document: ApiDocument; signedIn: boolean }) {
  const server = document.servers[0]?.url ?? "";
  const example = curlFor(server, "/api/listings", true);
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{document.info.title}</h1>
        <p className="mt-2 text-fg-muted">{document.info.description}</p>
        <p className="mt-2 text-sm">
          Machine-readable:{" "}
          <a href="/api/openapi.json" className="text-accent underline">
            /api/openapi.json
          </a>{" "}
          (OpenAPI 3.1).
        </p>
      </div>

      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Authentication</h2>
        <p className="mt-2 text-sm">
          Create a personal key in{" "}
          <Link to={signedIn ? "/settings" : "/sign-in?returnTo=%2Fsettings"} className="text-accent underline">
            Settings › API keys
          </Link>{" "}
          (plans with API access) and send it with every call as <code>Authorization: Bearer &lt;key&gt;</code>. You then get exactly what
          your plan shows you in the browser. A missing, malformed or revoked key is answered 401; a plan without API access, 403.
        </p>
        <p className="mt-2 text-sm">
          A key acts for you (your private lists and your teams&apos; lists) or for one of your teams: a team&apos;s key reaches that
          team&apos;s lists only, and stops reaching them when you leave the team.
        </p>
        <div className="mt-3 flex flex-wrap items-start gap-2">
          <pre className="min-w-0 flex-1 rounded-md bg-surface-muted p-3 text-xs break-all whitespace-pre-wrap">
            <code>{example}</code>
          </pre>
          <CopyButton text={example} label="Copy curl" />
        </div>
      </Card>

      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Rate limits</h2>
        <p className="mt-2 text-sm">
          Every call made with a key counts against your plan&apos;s monthly API calls and a per-minute limit. Each answer carries:
        </p>
        <dl className="mt-2 grid gap-1 text-sm">
          {Object.entries(document.components.headers).map(([name, header]) => (
            <div key={name}>
              <dt className="inline font-mono">{name}:</dt> <dd className="inline text-fg-muted">{header.description}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-sm">When a limit is reached the answer is 429 with Retry-After, in seconds.</p>
      </Card>

      <section aria-labelledby="endpoints" className="grid gap-4">
        <h2 id="endpoints" className="text-lg font-semibold">
          Endpoints
        </h2>
        {Object.entries(document.paths).flatMap(([path, operations]) =>
          Object.entries(operations).map(([method, op]) => {
            const keyed = op.security.length > 0;
            const curl = curlFor(server, path, keyed);
            return (
              <Card key={op.operationId} className="p-5 sm:p-6" id={op.operationId}>
                <h3 className="flex flex-wrap items-center gap-2 font-mono text-sm">
                  {/* A long path (/api/lists/{id}/entries/{entryId}/tags/{tag}) breaks anywhere rather than widen a phone's page. */}
                  <Badge variant="accent">{method.toUpperCase()}</Badge> <span className="min-w-0 break-all">{path}</span>
                </h3>
                <p className="mt-2 font-medium">{op.summary}</p>
                {op.description ? <p className="mt-1 text-sm text-fg-muted">{op.description}</p> : null}
                {op.parameters.length ? (
                  <ul className="mt-3 grid gap-2 text-sm" aria-label={`Parameters of ${path}`}>
                    {op.parameters.map((p) => (
                      <li key={`${p.in}:${p.name}`} className="border-t border-border pt-2 break-words">
                        <code className="font-medium">{p.name}</code>
                        <span className="text-fg-muted">
                          {" "}
                          ({p.in}, {typeOf(p.schema)}
                          {p.required ? ", required" : ""})
                        </span>
                        {p.description ? <span className="block text-fg-muted">{p.description}</span> : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
                <ul className="mt-3 grid gap-1 text-sm" aria-label={`Answers of ${path}`}>
                  {Object.entries(op.responses).map(([status, r]) => (
                    <li key={status}>
                      <span className="font-mono">{status}</span> <span className="text-fg-muted">{r.description}</span>
                    </li>
                  ))}
                </ul>
                <div className="mt-3 flex flex-wrap items-start gap-2">
                  <pre className="min-w-0 flex-1 rounded-md bg-surface-muted p-3 text-xs break-all whitespace-pre-wrap">
                    <code>{curl}</code>
                  </pre>
                  <CopyButton text={curl} label="Copy curl" />
                </div>
              </Card>
            );
          }),
        )}
      </section>
    </div>
  );
}
