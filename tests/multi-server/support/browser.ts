/**
 * A browser without a browser: a cookie jar shared by every server (all are 127.0.0.1, which browsers treat as one
 * cookie host whatever the port), redirects followed by hand so each hop can go to the server the test chose, and form
 * posts carrying the origin of the server they go to, as a page served by that server would.
 */
export interface Target {
  /** http://127.0.0.1:PORT */
  url: string;
  name: string;
}

export interface RequestOptions {
  method?: string;
  form?: Record<string, string | string[]> | URLSearchParams;
  headers?: Record<string, string>;
  /** Milliseconds before the request is abandoned (a hang detector; the default suits a loaded machine). */
  timeoutMs?: number;
}

export class Browser {
  readonly cookies = new Map<string, string>();

  async request(target: Target, path: string, options: RequestOptions = {}): Promise<Response> {
    const url = new URL(path, target.url);
    const headers = new Headers(options.headers);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    let body: URLSearchParams | undefined;
    if (options.form) {
      body = options.form instanceof URLSearchParams ? options.form : toSearchParams(options.form);
      headers.set("content-type", "application/x-www-form-urlencoded");
      headers.set("origin", new URL(target.url).origin);
    }
    const response = await fetch(url, {
      method: options.method ?? (body ? "POST" : "GET"),
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
    });
    this.remember(response);
    return response;
  }

  get(target: Target, path: string, options: Omit<RequestOptions, "form" | "method"> = {}) {
    return this.request(target, path, options);
  }

  post(target: Target, path: string, form: RequestOptions["form"], options: Omit<RequestOptions, "form"> = {}) {
    return this.request(target, path, { ...options, form });
  }

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=(0|-\d+)\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

function toSearchParams(form: Record<string, string | string[]>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) for (const v of Array.isArray(value) ? value : [value]) params.append(name, v);
  return params;
}

/** The Location of a redirect, as an absolute URL. */
export function locationOf(response: Response, base: string): URL {
  const location = response.headers.get("location");
  if (!location) throw new Error(`expected a redirect, got ${response.status} from ${response.url}`);
  return new URL(location, base);
}
