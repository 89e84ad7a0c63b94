/**
 * The browser's one way to POST JSON to this site's endpoints: the body as JSON, the answer's JSON object (null when it
 * has none; every endpoint answers an object, which the caller checks). A network failure throws, for the caller to say
 * "offline" in its own words.
 */
export interface JsonAnswer {
  ok: boolean;
  status: number;
  data: Record<string, unknown> | null;
}

export async function postJson(url: string, body: unknown): Promise<JsonAnswer> {
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const json: unknown = await response.json().catch(() => null);
  const data = json !== null && typeof json === "object" && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  return { ok: response.ok, status: response.status, data };
}
