/**
 * A local SMTP server for tests (DESIGN D9): the real nodemailer client sends to it, and the test reads what
 * arrived, parsed. Listens on 127.0.0.1 on a free port; `fail` makes it refuse every message.
 */
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface LocalSmtp {
  url: string;
  received: ParsedMail[];
  /** Each message as it came over the wire, in the order of `received`: what a DKIM verifier reads. */
  raw: Buffer[];
  /** Refuse every message from now on (an SMTP 550), to test failure handling. */
  fail: (refuse: boolean) => void;
  stop: () => Promise<void>;
}

/** Listens on 127.0.0.1, on `port` or a free one. */
export async function startLocalSmtp(listenPort = 0): Promise<LocalSmtp> {
  const received: ParsedMail[] = [];
  const raw: Buffer[] = [];
  let refuse = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      if (refuse) {
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 })));
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const message = Buffer.concat(chunks);
        simpleParser(message)
          .then((mail) => {
            received.push(mail);
            raw.push(message);
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    raw,
    fail: (value) => (refuse = value),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
