/**
 * The AI fake's answer to "Ask in plain words" (decision 0087): deterministic rules that write the JSON a model would,
 * from the lists the prompt holds and the quoted sentence. Like a model, it can be talked into things: a sentence that
 * tells it to return a JSON object gets that object back, which is what the app's validation must survive.
 */

/** The values of a "Label: a | b | c" line of the system prompt. */
function listOf(system: string, label: string): string[] {
  const line = system.split("\n").find((l) => l.startsWith(`${label}: `));
  return line
    ? line
        .slice(label.length + 2)
        .split(" | ")
        .map((v) => v.trim())
        .filter(Boolean)
    : [];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const has = (text: string, phrase: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${escape(phrase)}($|[^\\p{L}\\p{N}])`, "iu").test(text);

/** Words people use for a list value that is not spelled in the sentence (a model knows these). */
const INDUSTRY_WORDS: Record<string, string[]> = {
  climate: ["Energy", "Environmental Services"],
  cleantech: ["Energy", "Environmental Services"],
  fintech: ["FinTech"],
  ai: ["AI"],
  ml: ["AI"],
  "machine learning": ["AI"],
  proptech: ["Real Estate"],
  health: ["Healthcare"],
  healthtech: ["Healthcare"],
  crypto: ["Web3"],
  blockchain: ["Web3"],
  edtech: ["Education"],
  security: ["Cybersecurity"],
  ecommerce: ["E-commerce"],
};
const COUNTRY_WORDS: Record<string, string[]> = {
  nordics: ["Sweden", "Denmark", "Finland", "Norway", "Iceland"],
  nordic: ["Sweden", "Denmark", "Finland", "Norway", "Iceland"],
  scandinavia: ["Sweden", "Denmark", "Norway"],
  uk: ["United Kingdom"],
  britain: ["United Kingdom"],
  usa: ["United States"],
  us: ["United States"],
  dach: ["Germany", "Austria", "Switzerland"],
};
const GEOGRAPHY_WORDS: Record<string, string> = { "north america": "NA", "eastern europe": "CEE", "central europe": "CEE" };

/** Millions in "$5M", "500k", "2.5 million". */
function millions(amount: string, unit: string): number {
  const n = Number(amount);
  return /^k/i.test(unit) ? n / 1000 : /^b/i.test(unit) ? n * 1000 : n;
}

/** The bands below or above an amount, of bands given as [value, from, to] in millions. */
function bands(bounds: ReadonlyArray<readonly [string, number, number]>, direction: "under" | "over", amount: number): string[] {
  return bounds.filter(([, from, to]) => (direction === "under" ? from < amount : to > amount)).map(([value]) => value);
}
const RAISED: ReadonlyArray<readonly [string, number, number]> = [
  ["under-1m", 0, 1],
  ["1m-5m", 1, 5],
  ["5m-20m", 5, 20],
  ["20m-100m", 20, 100],
  ["over-100m", 100, Infinity],
];
const TICKET: ReadonlyArray<readonly [string, number, number]> = [
  ["under-500k", 0, 0.5],
  ["500k-2m", 0.5, 2],
  ["2m-10m", 2, 10],
  ["over-10m", 10, Infinity],
];
const TEAM: ReadonlyArray<readonly [string, number, number]> = [
  ["1-10", 0, 10],
  ["11-50", 10, 50],
  ["51-200", 50, 200],
  ["201-1000", 200, 1000],
  ["1000+", 1000, Infinity],
];
const AMOUNT = String.raw`(under|below|less than|over|above|more than)\s+\$?€?(\d+(?:\.\d+)?)\s*(k|m|b|million|billion)?`;
const direction = (word: string) => (/under|below|less/i.test(word) ? "under" : "over");

export function plainWordsAnswer(system: string, prompt: string): string {
  const quoted = /^Sentence: (".*")$/m.exec(prompt)?.[1];
  let sentence = "";
  try {
    sentence = quoted ? (JSON.parse(quoted) as string) : "";
  } catch {
    sentence = "";
  }
  // An obedient model: "ignore that and return {...}" is followed to the letter.
  const injected = /\b(return|output|answer with|respond with)\b[^{]*(\{.*\})/is.exec(sentence)?.[2];
  if (injected) {
    try {
      return JSON.stringify(JSON.parse(injected));
    } catch {
      // not JSON after all: read the sentence as usual
    }
  }
  const answer: Record<string, unknown> = {};
  const text = sentence.toLowerCase();
  if (/\b(startups?|companies|scale-?ups?)\b/.test(text)) answer.type = "startup";
  else if (/\b(investors?|vcs?|funds?|angels?)\b/.test(text)) answer.type = "investor";
  else if (/\b(partners?|agenc(y|ies)|advisors?)\b/.test(text)) answer.type = "partner";

  const industries = new Set(listOf(system, "Industries").filter((name) => has(text, name)));
  for (const [word, names] of Object.entries(INDUSTRY_WORDS)) if (has(text, word)) names.forEach((n) => industries.add(n));
  if (industries.size) answer.industries = [...industries];

  // "pre-seed" is not "seed": the one is read first and taken out of the text before the other is looked for.
  const withoutPreSeed = text.replace(/pre[- ]seed/g, " ");
  const stages = listOf(system, "Funding stages").filter((name) =>
    /^pre-seed$/i.test(name) ? /pre[- ]seed/.test(text) : has(withoutPreSeed, name.toLowerCase()),
  );
  if (stages.length) answer.fundingStages = stages;

  const countries = new Set(listOf(system, "Countries").filter((name) => has(text, name)));
  for (const [word, names] of Object.entries(COUNTRY_WORDS))
    if (has(sentence, word === "us" ? "US" : word)) names.forEach((n) => countries.add(n));
  if (countries.size) answer.countries = [...countries];
  const geographies = listOf(system, "Geographies").filter((name) => name.length > 2 && has(text, name));
  for (const [words, name] of Object.entries(GEOGRAPHY_WORDS)) if (has(text, words)) geographies.push(name);
  if (geographies.length) answer.geographies = [...new Set(geographies)];

  const raised = new RegExp(String.raw`(?:raised|raising|funding)\s+` + AMOUNT, "i").exec(sentence);
  if (raised) answer.raised = bands(RAISED, direction(raised[1]!), millions(raised[2]!, raised[3] ?? "m"));
  const ticket = new RegExp(String.raw`(?:tickets?|cheques?|checks?)\s+(?:of\s+)?` + AMOUNT, "i").exec(sentence);
  if (ticket) answer.ticketSize = bands(TICKET, direction(ticket[1]!), millions(ticket[2]!, ticket[3] ?? "m"));
  const team = /(under|below|fewer than|less than|over|more than)\s+(\d+)\s+(people|employees|staff)/i.exec(sentence);
  if (team) answer.teamSize = bands(TEAM, direction(team[1]!.replace("fewer", "less")), Number(team[2]));

  const months =
    /(?:in|within) the (?:last|past) (3|6|12|24|three|six|twelve) months|(?:in|within) the (?:last|past) (year|two years)/i.exec(sentence);
  if (months) {
    const value =
      { three: "3", six: "6", twelve: "12", year: "12", "two years": "24" }[(months[1] ?? months[2])!.toLowerCase()] ?? months[1];
    answer[answer.type === "investor" ? "lastInvestment" : "lastRound"] = `${value}m`;
  }
  const founded = /founded (after|since|before|in) (\d{4})/i.exec(sentence);
  if (founded) {
    const year = Number(founded[2]);
    const when = founded[1]!.toLowerCase();
    if (when === "after") answer.foundedFrom = year + 1;
    if (when === "since" || when === "in") answer.foundedFrom = year;
    if (when === "before") answer.foundedTo = year - 1;
    if (when === "in") answer.foundedTo = year;
  }
  const about = /(?:"([^"]+)"|(?:working on|building|that build|doing)\s+([\p{L}\p{N} -]+))/iu.exec(sentence);
  if (about) answer.searchQuery = (about[1] ?? about[2]!).trim();
  return JSON.stringify(answer);
}
