/**
 * A local stand-in for a PostgreSQL server that turns every client away as a real one does (DESIGN D9), for the
 * start-up tests: the CI server trusts every local connection, so a wrong password or a missing database cannot be
 * provoked there. It reads the client's startup message and answers with PostgreSQL's FATAL error for it: a user
 * named "wrong-password" gets 28P01 (password authentication failed), any other user asking for a database whose
 * name starts with "missing" gets 3D000 (database does not exist), anyone else 28000 (no such role).
 */
import { createServer, type Server, type Socket } from "node:net";

export interface RefusingPostgres {
  port: number;
  stop: () => Promise<void>;
}

/** The startup message's key/value pairs (user, database, ...), or null until it has all arrived. */
function startupParameters(buffer: Buffer): Record<string, string> | null {
  if (buffer.length < 8) return null;
  const length = buffer.readInt32BE(0);
  if (buffer.length < length) return null;
  const fields = buffer
    .subarray(8, length - 1)
    .toString("utf8")
    .split("\0");
  const parameters: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) parameters[fields[i]!] = fields[i + 1]!;
  return parameters;
}

function errorResponse(code: string, message: string): Buffer {
  const body = Buffer.concat([
    ...[`SFATAL`, `VFATAL`, `C${code}`, `M${message}`].map((field) => Buffer.from(`${field}\0`, "utf8")),
    Buffer.from([0]),
  ]);
  const header = Buffer.alloc(5);
  header.write("E", 0, "ascii");
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

function answer(socket: Socket, { user = "", database = user }: Record<string, string>): void {
  const [code, message] =
    user === "wrong-password"
      ? ["28P01", `password authentication failed for user "${user}"`]
      : database.startsWith("missing")
        ? ["3D000", `database "${database}" does not exist`]
        : ["28000", `role "${user}" does not exist`];
  socket.end(errorResponse(code, message));
}

export async function startRefusingPostgres(): Promise<RefusingPostgres> {
  const server: Server = createServer((socket) => {
    let received = Buffer.alloc(0);
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      // An SSL request (code 80877103) is declined with "N"; the client then sends its startup message.
      if (received.length >= 8 && received.readInt32BE(0) === 8 && received.readInt32BE(4) === 80877103) {
        received = received.subarray(8);
        socket.write("N");
        return;
      }
      const parameters = startupParameters(received);
      if (parameters) answer(socket, parameters);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the fake PostgreSQL server has no port");
  return { port: address.port, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}
