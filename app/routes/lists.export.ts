import type { Route } from "./+types/lists.export";
import { requireList } from "~/features/lists/list-access.server.ts";
import { exportList, listCsvFileName } from "~/features/lists/list-export.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { getEnv, publicUrl } from "~/lib/env.server.ts";

/** GET /lists/:listId/export.csv: the list as the viewer sees it, as a CSV download within the plan's export quota. */
export async function loader(args: Route.LoaderArgs) {
  const { user, list } = await requireList(args, args.params.listId);
  const { database } = getAppContext(args.context);
  const now = new Date();
  const { csv } = await exportList(database, user, list, publicUrl(getEnv()), now);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${listCsvFileName(list.name, now)}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
