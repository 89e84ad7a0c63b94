/**
 * Read-your-own-writes with a read replica (decision 0053): every successful state-changing request (a status below
 * 400 to a POST, PUT, PATCH or DELETE) gets a short-lived cookie, and a request carrying it reads the primary
 * (app/lib/read-database.server.ts), so the page after a save shows the save whatever the replica's lag. Installed
 * only when DATABASE_READ_URL is set.
 */
import type express from "express";
import { recentWriteCookie } from "~/lib/read-database.server.ts";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

export function markRecentWrites(secure: boolean): express.RequestHandler {
  const cookie = recentWriteCookie(secure);
  return (req, res, next) => {
    if (READS.has(req.method)) return next();
    // At the last moment, when the status is known: a refused write (4xx) or a failure (5xx) changed nothing.
    const writeHead = res.writeHead;
    res.writeHead = function (this: express.Response, ...args: Parameters<typeof writeHead>) {
      const status = typeof args[0] === "number" ? args[0] : this.statusCode;
      if (status < 400) this.append("Set-Cookie", cookie);
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  };
}
