/**
 * The rule that lets two releases run against one schema during a rolling upgrade (decision 0107): a migration only
 * adds. Whatever the new release stops using is dropped by a later release's migration, and that migration says so
 * with a contract marker naming the release that stopped using it:
 *
 *   -- contract: "listings"."old_column" unused since 1.4.0
 *
 * A migration that breaks the previous release's reads or writes without such a marker is refused by
 * db/expand-then-contract.test.ts.
 */

export type ContractBreak = { line: number; statement: string; why: string };

/** Statements the previous release may fail on while it still runs beside the new one. */
const BREAKING: { pattern: RegExp; why: string }[] = [
  { pattern: /\bDROP\s+TABLE\b/i, why: "drops a table the previous release may still read" },
  { pattern: /\bDROP\s+COLUMN\b/i, why: "drops a column the previous release may still read or write" },
  { pattern: /\bRENAME\s+(COLUMN\b|TO\b|CONSTRAINT\b)|\bRENAME\s+"/i, why: "renames what the previous release names" },
  { pattern: /\bALTER\s+COLUMN\s+\S+\s+(SET\s+DATA\s+)?TYPE\b/i, why: "changes a column's type under the previous release" },
  { pattern: /\bALTER\s+COLUMN\s+\S+\s+SET\s+NOT\s+NULL\b/i, why: "makes a column required that the previous release may leave empty" },
  { pattern: /\bDROP\s+(VIEW|FUNCTION|TYPE|SEQUENCE)\b/i, why: "drops an object the previous release may use" },
];

/** A new required column: the previous release's inserts do not name it, so it needs a default (or is generated). */
const ADD_REQUIRED_COLUMN = /\bADD\s+COLUMN\b[^;]*\bNOT\s+NULL\b/i;
const SUPPLIES_A_VALUE = /\bDEFAULT\b|\bGENERATED\s+ALWAYS\b/i;

const CONTRACT_MARKER = /^--\s*contract:\s*(\S.*?)\s+unused since\s+(\d+\.\d+\.\d+)\s*$/im;

/** The statements of one migration that break the previous release, unless the file carries a contract marker. */
export function contractBreaks(sql: string): ContractBreak[] {
  if (CONTRACT_MARKER.test(sql)) return [];
  const found: ContractBreak[] = [];
  // Statements, not lines: a hand-written migration may spread one over several lines. Comments go first so a
  // comment that mentions DROP COLUMN is not read as one.
  const code = sql.replace(/--[^\n]*/g, (comment) => " ".repeat(comment.length));
  let offset = 0;
  for (const piece of code.split(";")) {
    const statement = piece.replace(/\s+/g, " ").trim();
    const line = code.slice(0, offset + piece.length - piece.trimStart().length).split("\n").length;
    offset += piece.length + 1;
    if (statement === "") continue;
    for (const { pattern, why } of BREAKING) {
      if (pattern.test(statement)) found.push({ line, statement, why });
    }
    if (ADD_REQUIRED_COLUMN.test(statement) && !SUPPLIES_A_VALUE.test(statement)) {
      found.push({ line, statement, why: "adds a required column without a default: the previous release's inserts fail" });
    }
  }
  return found;
}
