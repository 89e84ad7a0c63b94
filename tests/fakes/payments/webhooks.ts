/**
 * Events and their delivery, as Stripe does it: each event (`evt_…`, `type`, `created`, `data.object` as the object
 * was at that moment, `data.previous_attributes` for updates, `api_version`, `livemode: false`) is POSTed to every
 * endpoint as pretty-printed JSON, signed `Stripe-Signature: t={unix seconds},v1={HMAC-SHA256 of "{t}.{body}" with
 * the endpoint's whsec_ secret}`, re-signed on each attempt. A non-2xx answer, a refused connection or no answer
 * within the timeout is retried after a back-off, up to `maxAttempts`. Each endpoint gets its events one at a time in
 * the order they happened (a retry waits its turn at the back), so a test sees a stable order unless it asks for
 * another: the controls delay, duplicate, reorder and corrupt deliveries, and send one event to every endpoint at once.
 */
import { createHmac } from "node:crypto";
import { STRIPE_API_VERSION } from "./objects.ts";
import type { FakeStore, StripeObject } from "./store.ts";

export interface WebhookEndpoint {
  url: string;
  secret: string;
}

export type Corruption = "signature" | "payload" | "timestamp" | "header";

export interface DeliveryRecord {
  event: string;
  type: string;
  endpoint: string;
  attempt: number;
  /** The endpoint's HTTP status; null when it refused the connection or did not answer in time. */
  status: number | null;
  /** The start of the endpoint's answer (1,000 characters at most). */
  response: string;
  error: string | null;
  corrupted: Corruption | null;
  /** A copy sent by the duplicate control or by deliverNow, not the event's own delivery. */
  copy: boolean;
}

export interface WebhookControls {
  /** Holds each of the next `delayTimes` deliveries (every one while null) this long before sending it (or until released). */
  delayMs: number;
  delayTimes: number | null;
  /** The next n events are each delivered twice. */
  duplicate: number;
  /** Holds the next `reorder` events and delivers them in reverse order once that many have happened. */
  reorder: number;
  corrupt: { mode: Corruption; times: number } | null;
}

export interface WebhookOptions {
  endpoints: WebhookEndpoint[];
  maxAttempts: number;
  /** The wait before each retry, in milliseconds; the last one repeats. */
  retryDelaysMs: number[];
  timeoutMs: number;
}

const sign = (secret: string, timestamp: number, body: string) =>
  `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex")}`;

/** The object as served: a copy without the fake's hidden fields (`__…`, such as a session's line items). */
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value, (key, v: unknown) => (key.startsWith("__") ? undefined : v))) as T;

export class WebhookDispatcher {
  readonly deliveries: DeliveryRecord[] = [];
  controls: WebhookControls = { delayMs: 0, delayTimes: null, duplicate: 0, reorder: 0, corrupt: null };
  private held: StripeObject[] = [];
  private readonly chains = new Map<string, Promise<void>>();
  /** Pending timers, each with what ends it early on reset (a dropped retry settles, a held delivery is let go). */
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  /** The deliveries being held by the delay control, with what lets each go. */
  private readonly delays = new Map<NodeJS.Timeout, () => void>();
  /** Moves on at each reset: a delivery of an earlier generation still queued is dropped. */
  private generation = 0;
  private pending = 0;
  private waiters: Array<() => void> = [];
  private closed = false;

  private readonly store: FakeStore;
  readonly options: WebhookOptions;

  constructor(store: FakeStore, options: WebhookOptions) {
    this.store = store;
    this.options = options;
  }

  /** Records an event about `object` and sends it to every endpoint. */
  emit(
    type: string,
    object: StripeObject,
    extra: { previous?: Record<string, unknown>; request?: { id: string; idempotencyKey: string | null } } = {},
  ): StripeObject {
    const event = this.store.put({
      id: this.store.id("evt"),
      object: "event",
      api_version: STRIPE_API_VERSION,
      created: this.store.now(),
      data: { object: clone(object), ...(extra.previous ? { previous_attributes: clone(extra.previous) } : {}) },
      livemode: false,
      pending_webhooks: this.options.endpoints.length,
      request: extra.request
        ? { id: extra.request.id, idempotency_key: extra.request.idempotencyKey }
        : { id: null, idempotency_key: null },
      type,
    });
    if (this.controls.reorder > 0) {
      this.held.push(event);
      if (this.held.length >= this.controls.reorder) {
        const batch = this.held.reverse();
        this.held = [];
        this.controls.reorder = 0;
        for (const e of batch) this.dispatch(e);
      }
      return event;
    }
    this.dispatch(event);
    return event;
  }

  private dispatch(event: StripeObject): void {
    const copies = this.controls.duplicate > 0 ? 2 : 1;
    if (copies === 2) this.controls.duplicate -= 1;
    for (const endpoint of this.options.endpoints) for (let c = 0; c < copies; c += 1) this.enqueue(event, endpoint, 1, c > 0);
  }

  private enqueue(event: StripeObject, endpoint: WebhookEndpoint, attempt: number, copy: boolean): void {
    this.pending += 1;
    const previous = this.chains.get(endpoint.url) ?? Promise.resolve();
    const next = previous.then(async () => {
      try {
        const record = await this.attempt(event, endpoint, attempt, copy);
        if (!record) return;
        const ok = record.status !== null && record.status >= 200 && record.status < 300;
        if (!ok && attempt < this.options.maxAttempts && !this.closed) this.retryLater(event, endpoint, attempt + 1, copy);
      } finally {
        this.settle();
      }
    });
    this.chains.set(endpoint.url, next);
  }

  private retryLater(event: StripeObject, endpoint: WebhookEndpoint, attempt: number, copy: boolean): void {
    const delays = this.options.retryDelaysMs;
    const wait = delays[Math.min(attempt - 2, delays.length - 1)] ?? 0;
    this.pending += 1;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.enqueue(event, endpoint, attempt, copy);
      this.settle();
    }, wait);
    this.timers.set(timer, () => this.settle());
  }

  private settle(): void {
    this.pending -= 1;
    if (this.pending === 0) for (const resolve of this.waiters.splice(0)) resolve();
  }

  /** Resolves once every delivery and retry scheduled so far is done (held reorders excepted). */
  settled(): Promise<void> {
    return this.pending === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }

  private takeCorruption(): Corruption | null {
    const c = this.controls.corrupt;
    if (!c) return null;
    c.times -= 1;
    if (c.times <= 0) this.controls.corrupt = null;
    return c.mode;
  }

  private async takeDelay(): Promise<void> {
    const { delayMs, delayTimes } = this.controls;
    if (delayMs <= 0 || delayTimes === 0) return;
    if (delayTimes !== null) this.controls.delayTimes = delayTimes - 1;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.delays.delete(timer);
        resolve();
      }, delayMs);
      this.timers.set(timer, resolve);
      this.delays.set(timer, resolve);
    });
  }

  /** The request one attempt sends: the body and headers, corrupted as asked. */
  private request(event: StripeObject, endpoint: WebhookEndpoint, corruption: Corruption | null) {
    const body = JSON.stringify(event, null, 2);
    const t = corruption === "timestamp" ? this.store.wallSeconds() - 3600 : this.store.wallSeconds();
    const signature = sign(corruption === "signature" ? `${endpoint.secret}-wrong` : endpoint.secret, t, body);
    const sent = corruption === "payload" ? body.replace('"livemode": false', '"livemode": true') : body;
    const headers: Record<string, string> = {
      "Content-Type": "application/json; charset=utf-8",
      "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      Accept: "*/*; q=0.5, application/xml",
      "Cache-Control": "no-cache",
    };
    if (corruption !== "header") headers["Stripe-Signature"] = signature;
    return { body: sent, headers };
  }

  private async attempt(
    event: StripeObject,
    endpoint: WebhookEndpoint,
    attempt: number,
    copy: boolean,
    corruption = this.takeCorruption(),
  ): Promise<DeliveryRecord | null> {
    const generation = this.generation;
    await this.takeDelay();
    if (generation !== this.generation || this.closed) return null;
    const record: DeliveryRecord = {
      event: event.id,
      type: String(event.type),
      endpoint: endpoint.url,
      attempt,
      status: null,
      response: "",
      error: null,
      corrupted: corruption,
      copy,
    };
    this.deliveries.push(record);
    const { body, headers } = this.request(event, endpoint, corruption);
    try {
      const res = await fetch(endpoint.url, {
        method: "POST",
        headers,
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: "manual",
      });
      record.status = res.status;
      record.response = (await res.text()).slice(0, 1000);
    } catch (error) {
      record.error =
        error instanceof Error && error.name === "TimeoutError"
          ? `no answer within ${this.options.timeoutMs} ms`
          : String((error as Error).cause ?? error);
    }
    return record;
  }

  /**
   * Sends an event again to every endpoint, `copies` times each, all requests started in the same tick (for two
   * app servers receiving one event at once). Not retried; the answers are returned and recorded.
   */
  async deliverNow(event: StripeObject, copies = 1): Promise<DeliveryRecord[]> {
    const jobs = this.options.endpoints.flatMap((endpoint) => Array.from({ length: copies }, () => endpoint));
    this.pending += 1;
    try {
      const records = await Promise.all(jobs.map((endpoint) => this.attempt(event, endpoint, 1, true, null)));
      return records.filter((r): r is DeliveryRecord => r !== null);
    } finally {
      this.settle();
    }
  }

  /** Sends every delivery the delay control is holding now, and holds no more. */
  release(): void {
    this.controls.delayMs = 0;
    this.controls.delayTimes = null;
    for (const [timer, go] of [...this.delays]) {
      clearTimeout(timer);
      this.timers.delete(timer);
      this.delays.delete(timer);
      go();
    }
  }

  reset(): void {
    this.delays.clear();
    this.generation += 1;
    const timers = [...this.timers];
    this.timers.clear();
    for (const [timer, end] of timers) {
      clearTimeout(timer);
      end();
    }
    this.deliveries.length = 0;
    this.held = [];
    this.controls = { delayMs: 0, delayTimes: null, duplicate: 0, reorder: 0, corrupt: null };
  }

  close(): void {
    this.closed = true;
    this.reset();
  }
}
