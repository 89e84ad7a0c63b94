/**
 * Test code only: the server build React Router's Vite plugin makes (`virtual:react-router/server-build`), made
 * here from the same route table (app/routes.ts), root, entry and route modules, so a test can run the real
 * application in its own process without a build. Only the browser assets are stand-ins: every route's client
 * module is a made-up URL that nothing fetches.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { UNSAFE_withComponentProps, UNSAFE_withErrorBoundaryProps, UNSAFE_withHydrateFallbackProps, type ServerBuild } from "react-router";
import routeConfig from "~/routes.ts";

interface RouteEntry {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  file: string;
  children?: RouteEntry[];
}

interface FlatRoute {
  id: string;
  parentId: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  file: string;
}

const APP = fileURLToPath(new URL("../../app/", import.meta.url));

/** The ids React Router gives routes: the file without its extension, unless the table names one. */
function flatten(entries: readonly RouteEntry[], parentId: string): FlatRoute[] {
  return entries.flatMap((entry) => {
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    const own: FlatRoute = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive, file: entry.file };
    return [own, ...flatten(entry.children ?? [], id)];
  });
}

type RouteModule = ServerBuild["routes"][string] extends infer R ? (R extends { module: infer M } ? M : never) : never;
/** What React Router's Vite plugin does to a route module: its components get loaderData, params and the like as props. */
function withProps(module: RouteModule): RouteModule {
  const wrapped: Record<string, unknown> = { ...module };
  const own = module as unknown as Record<string, unknown>;
  if (own.default) wrapped.default = UNSAFE_withComponentProps(own.default as Parameters<typeof UNSAFE_withComponentProps>[0]);
  if (own.ErrorBoundary)
    wrapped.ErrorBoundary = UNSAFE_withErrorBoundaryProps(own.ErrorBoundary as Parameters<typeof UNSAFE_withErrorBoundaryProps>[0]);
  if (own.HydrateFallback)
    wrapped.HydrateFallback = UNSAFE_withHydrateFallbackProps(own.HydrateFallback as Parameters<typeof UNSAFE_withHydrateFallbackProps>[0]);
  return wrapped as unknown as RouteModule;
}

export async function routeTableBuild(): Promise<ServerBuild> {
  const flat = flatten(routeConfig as RouteEntry[], "root");
  // All at once: each import waits on the transformed module from Vitest's main process, and one after the other
  // those waits added up to a second and more per test file that starts the app.
  const [root, ...routeModules] = await Promise.all([
    import("~/root.tsx") as Promise<unknown>,
    ...flat.map((route) => import(/* @vite-ignore */ path.join(APP, route.file)) as Promise<unknown>),
  ]);
  const modules = new Map<string, RouteModule>([
    ["root", withProps(root as RouteModule)],
    ...flat.map((route, i) => [route.id, withProps(routeModules[i] as RouteModule)] as const),
  ]);
  const entry = (await import("~/entry.server.tsx")) as unknown as ServerBuild["entry"]["module"];

  const all = [{ id: "root", parentId: undefined, path: "", index: undefined, caseSensitive: undefined }, ...flat];
  const routes: ServerBuild["routes"] = {};
  const manifestRoutes: Record<string, unknown> = {};
  for (const route of all) {
    const module = modules.get(route.id)!;
    const facts = { id: route.id, parentId: route.parentId, path: route.path, index: route.index, caseSensitive: route.caseSensitive };
    routes[route.id] = { ...facts, module };
    manifestRoutes[route.id] = {
      ...facts,
      hasAction: Boolean(module.action),
      hasLoader: Boolean(module.loader),
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasDefaultExport: Boolean(module.default),
      hasErrorBoundary: Boolean(module.ErrorBoundary),
      module: `/assets/${route.id.replace(/\W/g, "-")}.js`,
      imports: [],
      css: [],
      clientActionModule: undefined,
      clientLoaderModule: undefined,
      clientMiddlewareModule: undefined,
      hydrateFallbackModule: undefined,
    };
  }
  return {
    entry: { module: entry },
    routes,
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: manifestRoutes,
      url: "/assets/manifest-test.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    basename: "/",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
