/**
 * The local SMTP server as a process for the browser tests (DESIGN D9): the app under test sends real mail to
 * it over SMTP, and the tests read what arrived over HTTP (GET /messages). Run: node tests/fakes/mail-catcher.ts
 * with SMTP_PORT and HTTP_PORT set.
 */
import { createServer } from "node:http";
import { startLocalSmtp } from "./local-smtp.ts";

const smtpPort = Number(process.env.SMTP_PORT ?? 2525);
const httpPort = Number(process.env.HTTP_PORT ?? 2526);

const smtp = await startLocalSmtp(smtpPort);

const http = createServer((req, res) => {
  if (req.url === "/healthz") return void res.end("ok");
  if (req.url === "/messages") {
    const messages = smtp.received.map((m) => ({
      to: [m.to]
        .flat()
        .flatMap((a) => a?.value ?? [])
        .map((a) => a.address),
      from: m.from?.value[0]?.address,
      subject: m.subject ?? "",
      text: m.text ?? "",
      html: typeof m.html === "string" ? m.html : null,
      date: m.date?.toISOString(),
    }));
    res.setHeader("Content-Type", "application/json");
    return void res.end(JSON.stringify(messages));
  }
  res.statusCode = 404;
  res.end();
});
http.listen(httpPort, "127.0.0.1", () => console.log(`mail catcher: smtp ${smtp.url}, http://127.0.0.1:${httpPort}/messages`));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    http.close();
    void smtp.stop().then(() => process.exit(0));
  });
}
