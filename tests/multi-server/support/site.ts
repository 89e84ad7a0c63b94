/**
 * The site of two-servers.test.ts: a fresh database, the fake lead-data provider, servers A and B started one after
 * the other on it (a running site; starting together is start-together.test.ts), Ada Admin signed in through A and
 * Sam Subscriber through B (sessions live in the database, so each cookie works on both), and the JSON answers a
 * visitor or member reads.
 */
import { DEMO_PROVIDER_KEY, startFakeProvider, type FakeProvider } from "../../fakes/lead-provider.ts";
import { startAppServer, waitUntilReady, type AppServer } from "./app-server.ts";
import { Browser, type Target } from "./browser.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { signIn } from "./sign-in.ts";

export interface Card {
  id: string;
  slug: string;
  type: string;
  name: string;
  locked: boolean;
}
export interface Profile {
  id: string;
  name: string;
  problem: string | null;
  countries: string[];
  fieldVisibility: Record<string, string>;
  lockedFields: Record<string, { requiredTier: string }>;
}
export interface ProfileAnswer {
  data: Profile;
  locked?: boolean;
  quota?: { used: number; remaining: number | null };
}

export async function json<T>(browser: Browser, server: Target, path: string): Promise<{ status: number; body: T }> {
  const response = await browser.get(server, path);
  return { status: response.status, body: (await response.json()) as T };
}

export const profileOf = (browser: Browser, server: Target, card: Pick<Card, "type" | "slug">) =>
  json<ProfileAnswer>(browser, server, `/api/listings/${card.type}/${card.slug}`);

export interface Site {
  database: TestDatabase;
  provider: FakeProvider;
  a: AppServer;
  b: AppServer;
  operator: Browser;
  subscriber: Browser;
  visitor: Browser;
  directory(server: Target, query: string): Promise<{ status: number; body: { data: Card[] } }>;
  /** An open startup listing no other test has taken, with its profile as a visitor sees it, for which `test` holds. */
  take(test: (p: Profile) => boolean, what?: string): Promise<{ card: Card; profile: Profile }>;
  stop(): Promise<void>;
}

export async function startSite(ports: { a: number; b: number; provider: number }, env: Record<string, string>): Promise<Site> {
  const servers: AppServer[] = [];
  const database = await createTestDatabase("two");
  const provider = await startFakeProvider({ port: ports.provider });
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await provider.close();
    await database.drop();
  };
  try {
    const serverEnv = {
      PROVIDER_API_URL: provider.url,
      PROVIDER_API_KEY: DEMO_PROVIDER_KEY,
      OUTBOUND_ALLOWED_PRIVATE_ORIGINS: provider.url,
      ...env,
    };
    const a = startAppServer({ name: "A", port: ports.a, databaseUrl: database.url, env: serverEnv });
    servers.push(a);
    await waitUntilReady(a);
    const b = startAppServer({ name: "B", port: ports.b, databaseUrl: database.url, env: serverEnv });
    servers.push(b);
    await waitUntilReady(b);
    const [operator, subscriber, visitor] = [new Browser(), new Browser(), new Browser()];
    await signIn(operator, a, "demo-admin");
    await signIn(subscriber, b, "demo-subscriber");

    const directory = (server: Target, query: string) => json<{ data: Card[] }>(visitor, server, `/api/listings?${query}`);
    const cards = (await directory(a, "type=startup&pageSize=50")).body.data.filter((card) => !card.locked);
    const taken = new Set<string>();
    const take = async (test: (p: Profile) => boolean, what = "") => {
      for (const card of cards) {
        if (taken.has(card.id)) continue;
        const { status, body } = await profileOf(visitor, a, card);
        if (status !== 200 || body.locked || !test(body.data)) continue;
        taken.add(card.id);
        return { card, profile: body.data };
      }
      throw new Error(`the demo data has no other open startup listing${what ? ` ${what}` : ""}`);
    };
    return { database, provider, a, b, operator, subscriber, visitor, directory, take, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
