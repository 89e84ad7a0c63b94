// @ts-check
/**
 * Decision 0111: dates and times for people are printed by app/lib/format-date.ts only (one format per kind of date,
 * by hand in UTC so server and browser agree). Anywhere else, Intl's and toLocale*'s date formats, toUTCString, the
 * "2026-11-28T17:01" -> "2026-11-28 17:01" slice-and-replace and a copied array of month names are errors.
 * toLocaleString stays allowed for numbers; with date options it is not. Applied by eslint.config.js.
 */

/** @type {import("eslint").Rule.RuleModule} */
export const oneDateModule = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const USE = "Print dates with app/lib/format-date.ts (formatEventTime, formatDateTime, formatDate, formatMonth, formatClock): ";
    const DATE_OPTIONS = new Set(["timeZone", "dateStyle", "timeStyle", "year", "month", "day", "weekday", "hour", "minute"]);
    const report = (node, what) => context.report({ node, message: `${USE}${what} (decision 0111).` });
    const methodOf = (node) =>
      node.callee.type === "MemberExpression" && node.callee.property.type === "Identifier" ? node.callee.property.name : "";
    return {
      "MemberExpression[object.name='Intl'][property.name='DateTimeFormat']": (node) => report(node, "no Intl.DateTimeFormat elsewhere"),
      "MemberExpression[object.name='Intl'][property.name='RelativeTimeFormat']": (node) =>
        report(node, "no Intl.RelativeTimeFormat elsewhere"),
      CallExpression(node) {
        const method = methodOf(node);
        if (["toLocaleDateString", "toLocaleTimeString", "toUTCString", "toGMTString"].includes(method))
          return report(node, `no ${method}`);
        const options = node.arguments[1];
        if (
          method === "toLocaleString" &&
          options?.type === "ObjectExpression" &&
          options.properties.some((p) => p.type === "Property" && p.key.type === "Identifier" && DATE_OPTIONS.has(p.key.name))
        )
          return report(node, "no toLocaleString with date options");
        const [first] = node.arguments;
        if (method === "replace" && first?.type === "Literal" && first.value === "T")
          return report(node, 'no hand-made "YYYY-MM-DD HH:MM" from an ISO string');
        // createdAt.slice(0, 10), periodStart.slice(0, 10), line.at.slice(11, 19): ISO text cut for a screen.
        const cut = node.callee.type === "MemberExpression" ? node.callee.object : null;
        if (
          method === "slice" &&
          cut?.type === "MemberExpression" &&
          cut.property.type === "Identifier" &&
          /^at$|(At|Start|End)$/.test(cut.property.name)
        )
          report(node, `no piece of ${cut.property.name}'s ISO text as a date`);
      },
      ArrayExpression(node) {
        const words = node.elements.map((e) => (e?.type === "Literal" ? e.value : null));
        if (words.includes("Jan") && words.includes("Dec")) report(node, "no copy of the month names");
      },
    };
  },
};
