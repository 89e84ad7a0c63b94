/**
 * Company names for the demo directory: unique at any size without numbers. A name is a brand, invented from
 * syllables, compounded from two English parts ("Tidewell") or taken from a short list of English words, usually
 * followed by an ending that says the sector or the kind of firm ("Kelvaro Pay", "Brightmere Ventures"). About
 * 100,000 brands times the endings give millions of names; a million-listing run uses a fraction of them.
 *
 * Names are kept apart the way the duplicate matcher (app/features/duplicates) looks at them, so the demo's only
 * duplicates are the planted ones: names are unique on letters and digits alone (which is also the website
 * domain), a brand used alone is never also used with an ending (the matcher would see "Kelvaro" inside "Kelvaro
 * Pay"), endings are never legal forms or branch words, and two long brands that start alike never carry the same
 * ending while the directory is small (the matcher pairs words sharing their first five letters as possible typos).
 */
import type { Random } from "./random.ts";

const words = (text: string): readonly string[] => text.trim().split(/\s+/);

/** English words that make good brands on their own ("Cedar Health", "Osprey Capital"). */
export const ROOT_WORDS = words(`
  Alder Anchor Aspen Aster Basalt Bramble Briar Cairn Canyon Cedar Cinder Clover Copper Coral Cove Cypress Dune
  Ember Fennel Fern Fjord Flint Garnet Glade Granite Harbor Hawthorn Heron Hollow Indigo Ivy Keystone Lantern
  Laurel Linden Lodestar Lumen Magnolia Maple Marlin Meadow Mesa Moss Obsidian Orchard Osprey Pebble Plover
  Quarry Quill Raven Reed Ridge Rowan Sage Slate Solstice Sorrel Sparrow Spruce Summit Tamarind Thistle Tidal
  Timber Topaz Tundra Umber Vale Verdant Willow Wren Yarrow Zenith Zephyr
`);

/** First and second parts of compound brands ("Bright" + "mere"). */
export const COMPOUND_HEADS = words(`
  Amber Ash Bay Birch Blue Bold Bright Brook Cedar Clear Cliff Copper Crown Dawn Deep Elm Fair Fern Field Fox
  Frost Glen Gold Green Grey Hart Hazel Hearth High Holly Iron Ivory Jade Keen Kind Lake Lark Long Marsh Mill
  Moon Oak Open Pine Quiet Rain Red Reed Rock Rush Salt Sand Sea Silver Sky Snow Star Still Stone Storm Stream
  Sun Swift Thorn Tide True Wave Wild Wind
`);
const COMPOUND_TAILS = words(`
  bay beam bridge brook cliff craft crest dale fall field fold ford forge gate grove haven hurst leaf light line
  loop mark mere moor path point post ridge sail shore spring stead stone vale ward way well wick wind wise wood
  worth yard
`);

/** Syllables of invented brands: an onset ending in a consonant, then a vowel ending, or a middle syllable and an ending. */
const ONSETS = words(`
  Ab Al Am Ar Av Bal Bel Bor Bran Cal Cam Cel Cor Dal Dar Del Dor El Em Ev Fal Fen Fer Gal Gar Hal Hel Hol Il
  Jal Jor Kal Kel Ken Kor Lam Lan Lor Lum Mal Mar Mel Mer Mor Nal Nav Nel Nor Ol Om Or Pal Par Pel Per Quen Quin
  Ral Ran Rel Ren Sal Sel Sen Sil Sol Tal Tam Tel Ter Tor Ul Val Van Vel Ven Ver Vor Wel Wil Yar Zal Zan Zel Zor
  Cen Brel Trel Kest Sten Ost Ard Ald Orn Ember Lind Marn Talb
`);
const MIDDLES = words(`
  ba da di do ga ka la le li lo ma me mi mo na ne ni no ra re ri ro sa se ta te ti to va ve vi vo za
`);
const VOWEL_ENDINGS = words(`
  a ia io ix on os um ex ar en el ara ari ena era ina ion ium ora ova oro ano ento ica ida ira ita eon ero ys
  ane ette ico una
`);
const CONSONANT_ENDINGS = words(`
  n x s r l nt nd rn ra ro la lo na no ta to ca co sa vo nix rix lis tis dex lex vex nia ria lia ven rin
`);

/** Startup endings that fit any sector. */
export const GENERIC_STARTUP_ENDINGS = ["Labs", "Systems", "Works", "Technologies", "Dynamics", "Hub"];

/** Well-known companies and funds the syllables or compounds could spell, never used (letters only, lowercase). */
const KNOWN_COMPANIES = new Set(
  words(`adyen affirm airtable airwallex algolia alteryx amplitude anduril archer asana atlassian avaya benchling bluebeam
  brex brightline brookfield calendly canva celonis celsius chime cisco clearpath coinbase confluent coupang
  databricks datadog deel dropbox elastic figma flexport freshworks gemini ginkgo gitlab goldcrest grab gusto helium
  hubspot intercom joby kakao klarna kora kraken lattice ledger lilium lola loom lucid marqeta mercari miro mollie
  monzo naver nextdoor nio notion nuvei nvidia okta oracle oakmark palantir paystack peloton plaid polestar qonto
  rakuten ramp redpoint redwood revolut rippling rockwell salesforce samsara sana shopify slack snowflake snyk solana
  solaris stonegate stripe sumup tala tanium tink tesla toast twilio uipath vanta veeva velo verkor vonage wise
  workday xero zalando zendesk zilch zola zoom zuora zapier zeta zara vela nova lumo sona veda mara nora`),
);

/** Letter runs no brand may contain: rude words, and famous brands hiding inside an invented one ("Relrolex"). */
const UNWANTED =
  /rolex|visa|zara|lexus|audi|nokia|sony|lego|canon|nikon|honda|toyota|mazda|tesla|uber|lyft|intel|cisco|yahoo|ebay|anus|anal|ass|cum|fag|nazi|nig|rape|piss|shit|tit|cock|dick|sex|porn|slut|whor|kkk|coon|spic|kike|homo|pedo|semen|boob|crap|damn|hell|puss|vag|jiz|fuk|fuc|wank|twat|bitch|bastard|negr|hitl|isis|dead|kill|die$|gun|war$/;

/** Letters and digits only, lowercase: what the matcher and the website domain compare. */
export const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "");

export class NameMaker {
  private readonly taken = new Set<string>();
  private readonly bare = new Set<string>();
  private readonly withEnding = new Set<string>();
  private readonly alike = new Set<string>();
  private readonly reserved: Set<string>;
  private readonly rng: Random;

  /** `reserved` brands (the landmark names' first words) are never invented again. */
  constructor(rng: Random, reserved: readonly string[] = []) {
    this.rng = rng;
    this.reserved = new Set(reserved.map(squash));
  }

  /** Records a name chosen elsewhere (a landmark listing) so no generated name collides with it. */
  claim(name: string): void {
    const [brand, ...rest] = name.split(" ");
    this.record(brand!, rest.join(" "), name);
  }

  /**
   * A new name: a brand alone with probability `alone`, else the brand and one of `endings`. Keeps drawing until
   * the name is free; after a few draws it prefers longer invented brands, whose space is far from full.
   */
  make(endings: readonly string[], alone: number): string {
    for (let attempt = 0; ; attempt++) {
      const brand = this.brand(attempt);
      const brandKey = squash(brand);
      if (this.reserved.has(brandKey) || KNOWN_COMPANIES.has(brandKey) || UNWANTED.test(brandKey)) continue;
      const ending = this.rng.chance(alone) ? "" : this.rng.pick(endings);
      const name = ending ? `${brand} ${ending}` : brand;
      if (this.taken.has(squash(name))) continue;
      if (ending ? this.bare.has(brandKey) : this.bare.has(brandKey) || this.withEnding.has(brandKey)) continue;
      // Early draws also avoid a long brand that starts like one already used with the same ending.
      if (attempt < 6 && brandKey.length >= 7 && this.alike.has(`${brandKey.slice(0, 5)}|${ending}`)) continue;
      this.record(brand, ending, name);
      return name;
    }
  }

  private record(brand: string, ending: string, name: string): void {
    const brandKey = squash(brand);
    this.taken.add(squash(name));
    (ending ? this.withEnding : this.bare).add(brandKey);
    if (brandKey.length >= 7) this.alike.add(`${brandKey.slice(0, 5)}|${ending}`);
  }

  private brand(attempt: number): string {
    const rng = this.rng;
    const roll = attempt > 12 ? 1 : rng.next();
    if (roll < 0.06) return rng.pick(ROOT_WORDS);
    if (roll < 0.3) {
      const head = rng.pick(COMPOUND_HEADS);
      const tail = rng.pick(COMPOUND_TAILS);
      return head.toLowerCase() === tail || head.toLowerCase().endsWith(tail[0]!)
        ? `${head}${rng.pick(["mere", "wick", "vale"])}`
        : head + tail;
    }
    if (roll < 0.45) return rng.pick(ONSETS) + rng.pick(VOWEL_ENDINGS);
    const word = rng.pick(ONSETS) + rng.pick(MIDDLES) + (attempt > 40 ? rng.pick(MIDDLES) : "") + rng.pick(CONSONANT_ENDINGS);
    return word;
  }
}
