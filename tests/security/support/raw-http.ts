/**
 * HTTP/1.1 over a raw socket, for what a client library hides: sending a body byte by byte at our own pace, a
 * second request on the same keep-alive connection, and whether the server answered, closed, or went silent.
 * Every wait has a bound that fails the test: a hang is a finding, never a stuck run.
 */
import net from "node:net";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export class RawConnection {
  private received = Buffer.alloc(0);
  private waiters: Array<() => void> = [];
  /** Body bytes handed to the socket so far (not necessarily read by the server). */
  bytesSent = 0;
  /** The server half-closed (FIN): it will send nothing more, though it may still read for a moment. */
  ended = false;
  /** The connection is gone (closed or reset): nothing more can be sent. */
  closed = false;

  private constructor(private readonly socket: net.Socket) {
    socket.on("data", (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake();
    });
    socket.on("end", () => {
      this.ended = true;
      this.wake();
    });
    socket.on("error", () => this.markClosed());
    socket.on("close", () => this.markClosed());
  }

  /** A connection to the server, from `localAddress` (any 127.x address) so address-keyed limits stay apart. */
  static open(port: number, localAddress = "127.0.0.1"): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      // Half-open allowed: after the server's FIN we can go on sending, to see whether it still reads.
      const socket = net.connect({ port, host: "127.0.0.1", localAddress, allowHalfOpen: true }, () => resolve(new RawConnection(socket)));
      socket.once("error", reject);
    });
  }

  private markClosed() {
    this.closed = true;
    this.ended = true;
    this.wake();
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }

  private waitFor<T>(check: () => T | undefined, what: string, timeoutMs: number): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what} within ${timeoutMs} ms: the server hung`)), timeoutMs);
      const attempt = () => {
        const value = check();
        if (value !== undefined) {
          clearTimeout(timer);
          resolve(value);
        } else {
          this.waiters.push(attempt);
        }
      };
      attempt();
    });
  }

  /** Writes, waiting for the socket to drain; stops quietly once the server has closed the connection. */
  async write(data: string | Buffer, countAsBody = true): Promise<void> {
    if (this.closed || this.socket.destroyed) return;
    const bytes = typeof data === "string" ? Buffer.from(data, "latin1") : data;
    if (countAsBody) this.bytesSent += bytes.length;
    if (!this.socket.write(bytes)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          this.socket.off("drain", done);
          this.socket.off("close", done);
          resolve();
        };
        this.socket.once("drain", done);
        this.socket.once("close", done);
      });
    }
  }

  /** Sends `size` bytes of `fill`, chunked-encoded when `chunked`, in pieces of `piece` bytes; stops if the server closes. */
  async sendBody(size: number, { chunked = false, piece = 64 * 1024, fill = "a" } = {}): Promise<void> {
    const block = Buffer.alloc(piece, fill);
    for (let sent = 0; sent < size && !this.closed; sent += piece) {
      const part = block.subarray(0, Math.min(piece, size - sent));
      if (chunked) await this.write(`${part.length.toString(16)}\r\n`, false);
      await this.write(part);
      if (chunked) await this.write("\r\n", false);
    }
  }

  /** The next complete response (by Content-Length or chunked), or null when the server closed without one. */
  nextResponse(timeoutMs = 15_000): Promise<RawResponse | null> {
    return this.waitFor(
      () => {
        const parsed = parseResponse(this.received);
        if (parsed) {
          this.received = this.received.subarray(parsed.length);
          return parsed.response as RawResponse | null;
        }
        return this.ended ? null : undefined;
      },
      "answer",
      timeoutMs,
    );
  }

  /** Resolves once the server has ended (FIN) or reset the connection. */
  serverEnded(timeoutMs = 15_000): Promise<true> {
    return this.waitFor(() => (this.ended ? true : undefined), "end of the connection", timeoutMs);
  }

  /** Resolves once the connection is gone: the server stopped reading and closed it. */
  serverClosed(timeoutMs = 15_000): Promise<true> {
    return this.waitFor(() => (this.closed ? true : undefined), "close of the connection", timeoutMs);
  }

  destroy() {
    this.socket.destroy();
  }
}

function parseResponse(buffer: Buffer): { response: RawResponse; length: number } | null {
  const headEnd = buffer.indexOf("\r\n\r\n");
  if (headEnd === -1) return null;
  const lines = buffer.subarray(0, headEnd).toString("latin1").split("\r\n");
  const status = Number(lines[0]?.split(" ")[1]);
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const at = line.indexOf(":");
    headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  let at = headEnd + 4;
  if (headers["content-length"] !== undefined) {
    const end = at + Number(headers["content-length"]);
    if (buffer.length < end) return null;
    return { response: { status, headers, body: buffer.subarray(at, end).toString("utf8") }, length: end };
  }
  if ((headers["transfer-encoding"] ?? "").includes("chunked")) {
    const parts: Buffer[] = [];
    for (;;) {
      const lineEnd = buffer.indexOf("\r\n", at);
      if (lineEnd === -1) return null;
      const size = Number.parseInt(buffer.subarray(at, lineEnd).toString("latin1"), 16);
      if (buffer.length < lineEnd + 2 + size + 2) return null;
      if (size === 0) return { response: { status, headers, body: Buffer.concat(parts).toString("utf8") }, length: lineEnd + 4 };
      parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
  }
  return { response: { status, headers, body: "" }, length: at };
}

/** A request head; `length` null means chunked. */
export function requestHead(
  method: string,
  path: string,
  {
    host,
    contentType,
    length,
    headers = {},
  }: { host: string; contentType?: string; length?: number | null; headers?: Record<string, string> },
): string {
  const lines = [`${method} ${path} HTTP/1.1`, `Host: ${host}`, `Origin: http://${host}`];
  if (contentType) lines.push(`Content-Type: ${contentType}`);
  if (length === null) lines.push("Transfer-Encoding: chunked");
  else if (length !== undefined) lines.push(`Content-Length: ${length}`);
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join("\r\n")}\r\n\r\n`;
}
