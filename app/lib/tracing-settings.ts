/**
 * Whether this process sends traces (decision 0105), read from the standard OpenTelemetry variables. Off unless the
 * operator names a collector: OTEL_TRACES_EXPORTER=otlp, or an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) with the exporter left unset. The specification's default exporter is otlp to
 * localhost, but a server that starts sending spans to a port nobody listens on because nothing was set would
 * surprise; so here nothing set means nothing sent. OTEL_SDK_DISABLED=true and OTEL_TRACES_EXPORTER=none turn it off.
 *
 * Plain code with relative imports only: server/http-server.ts reads it before the build loads, and the settings
 * check (env.server.ts) names a bad value in one line.
 */

/** process.env, or the parsed settings (whose other values are numbers and lists). */
export type TracingEnv = Readonly<Record<string, unknown>>;

const SAMPLERS = new Set([
  "always_on",
  "always_off",
  "traceidratio",
  "parentbased_always_on",
  "parentbased_always_off",
  "parentbased_traceidratio",
]);

const set = (value: unknown): string | undefined => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/** True when this process should start the tracing SDK. */
export function tracingEnabled(env: TracingEnv): boolean {
  if (set(env.OTEL_SDK_DISABLED)?.toLowerCase() === "true") return false;
  const exporter = set(env.OTEL_TRACES_EXPORTER)?.toLowerCase();
  if (exporter) return exporter === "otlp";
  return Boolean(set(env.OTEL_EXPORTER_OTLP_ENDPOINT) || set(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT));
}

/** What is wrong with the tracing settings, as [setting, message] pairs; none when they are usable. */
export function tracingSettingProblems(env: TracingEnv): Array<[string, string]> {
  const problems: Array<[string, string]> = [];
  const exporter = set(env.OTEL_TRACES_EXPORTER)?.toLowerCase();
  if (exporter && exporter !== "otlp" && exporter !== "none")
    problems.push(["OTEL_TRACES_EXPORTER", `"${exporter}" is not supported: use otlp (to a collector over HTTP) or none`]);
  for (const name of ["OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"]) {
    const value = set(env[name]);
    if (value && !/^https?:$/.test(URL.parse(value)?.protocol ?? ""))
      problems.push([name, `"${value}" is not an http:// or https:// URL of an OTLP collector`]);
  }
  const protocol = set(env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL) ?? set(env.OTEL_EXPORTER_OTLP_PROTOCOL);
  if (tracingEnabled(env) && protocol && protocol !== "http/json")
    problems.push([
      "OTEL_EXPORTER_OTLP_PROTOCOL",
      `"${protocol}" is not supported: spans are sent as OTLP over HTTP with JSON (http/json)`,
    ]);
  const sampler = set(env.OTEL_TRACES_SAMPLER)?.toLowerCase();
  if (sampler && !SAMPLERS.has(sampler))
    problems.push(["OTEL_TRACES_SAMPLER", `"${sampler}" is not a sampler: use one of ${[...SAMPLERS].join(", ")}`]);
  const ratio = set(env.OTEL_TRACES_SAMPLER_ARG);
  if (ratio && !(Number(ratio) >= 0 && Number(ratio) <= 1))
    problems.push(["OTEL_TRACES_SAMPLER_ARG", `"${ratio}" is not a ratio between 0 and 1`]);
  return problems;
}
