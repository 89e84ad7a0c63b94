/**
 * An invoice's hosted page (`hosted_invoice_url`) and its PDF (`invoice_pdf`): a real, one-page PDF 1.4 document in
 * Helvetica that any reader opens, with the number, dates, customer, lines, total and whether it is paid.
 */
import type { ServerResponse } from "node:http";
import type { Billing } from "./billing.ts";
import { formatAmount, formatDate } from "./billing-periods.ts";
import { escape, page, sendHtml } from "./page-layout.ts";
import type { StripeObject } from "./store.ts";

function invoiceText(invoice: StripeObject): string[] {
  const lines = (invoice.lines as { data: Array<{ description: string; amount: number }> }).data;
  const currency = String(invoice.currency);
  return [
    `Invoice ${String(invoice.number ?? invoice.id)}`,
    String(invoice.account_name),
    "",
    `Date of issue: ${formatDate(Number(invoice.created))}`,
    `Billing period: ${formatDate(Number(invoice.period_start))} - ${formatDate(Number(invoice.period_end))}`,
    `Bill to: ${String(invoice.customer_name ?? invoice.customer_email ?? invoice.customer)}`,
    "",
    ...lines.map((l) => `${l.description}    ${formatAmount(l.amount, currency)}`),
    "",
    `Total: ${formatAmount(Number(invoice.total), currency)}`,
    `Amount due: ${formatAmount(Number(invoice.amount_due), currency)}`,
    `Amount paid: ${formatAmount(Number(invoice.amount_paid), currency)}`,
    invoice.status === "paid"
      ? `Paid on ${formatDate(Number((invoice.status_transitions as { paid_at: number }).paid_at))}`
      : `Status: ${String(invoice.status)}`,
    "",
    "Test mode: issued by the local payment fake; no money moved.",
  ];
}

/** A one-page PDF of text lines, with a correct cross-reference table. */
function textPdf(lines: string[]): Buffer {
  const text = (s: string) =>
    s
      .replace(/[\u2013\u2014]/g, "-")
      .replace(/[^\x20-\xff]/g, "?")
      .replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT\n/F1 12 Tf\n16 TL\n50 790 Td\n${lines.map((l) => `(${text(l)}) Tj T*`).join("\n")}\nET\n`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}endstream`,
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** GET /i/{invoice} and /i/{invoice}/pdf; false when the path is neither. */
export function answerInvoiceDocument(res: ServerResponse, url: URL, billing: Billing): boolean {
  const match = /^\/i\/([^/]+)(\/pdf)?$/.exec(url.pathname);
  if (!match) return false;
  const invoice = billing.store.get(decodeURIComponent(match[1]!), "invoice");
  if (!invoice || !invoice.number) {
    sendHtml(res, 404, page("Not found", `<div class="card"><h1>Invoice not found</h1></div>`));
    return true;
  }
  if (match[2]) {
    const pdf = textPdf(invoiceText(invoice));
    res.writeHead(200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="Invoice-${String(invoice.number)}.pdf"`,
      "Content-Length": String(pdf.length),
    });
    res.end(pdf);
    return true;
  }
  const body = invoiceText(invoice)
    .filter((l) => l !== "")
    .slice(1)
    .map((l) => `<p>${escape(l)}</p>`)
    .join("\n");
  sendHtml(
    res,
    200,
    page(
      `Invoice ${String(invoice.number)}`,
      `<div class="card"><h1>Invoice ${escape(invoice.number)}</h1>\n${body}\n<p><a href="${escape(invoice.invoice_pdf)}">Download PDF</a></p></div>`,
    ),
  );
  return true;
}
