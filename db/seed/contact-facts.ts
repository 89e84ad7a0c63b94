/**
 * Demo headquarters and phone numbers (decision 0066), per home country. Cheap and deterministic: drawn from a hash
 * of the listing's name, not from the generator's random stream, so adding them changed no other demo value. Phone
 * numbers sit in ranges kept for fiction or in plausible blocks (US 555-01xx, UK 020 7946 0xxx).
 */
interface CountryFacts {
  cities: ReadonlyArray<readonly [city: string, region: string | null, postal: (n: number) => string]>;
  streets: readonly string[];
  /** House number first ("12 Market St") or after the street ("Hauptstraße 12"). */
  numberFirst: boolean;
  phone: (n: number) => string;
}

const pad = (n: number, width: number) => String(n % 10 ** width).padStart(width, "0");

const FACTS: Record<string, CountryFacts> = {
  "United States": {
    cities: [
      ["San Francisco", "CA", (n) => `941${pad(n, 2)}`],
      ["New York", "NY", (n) => `100${pad(n, 2)}`],
      ["Austin", "TX", (n) => `787${pad(n, 2)}`],
      ["Boston", "MA", (n) => `021${pad(n, 2)}`],
      ["Seattle", "WA", (n) => `981${pad(n, 2)}`],
    ],
    streets: ["Market Street", "Main Street", "Mission Street", "Congress Avenue", "Pine Street"],
    numberFirst: true,
    phone: (n) => `+1${["415", "212", "512", "617", "206"][n % 5]}55501${pad(n, 2)}`,
  },
  Canada: {
    cities: [
      ["Toronto", "ON", (n) => `M5V ${n % 9}A${n % 7}`],
      ["Vancouver", "BC", (n) => `V6B ${n % 9}K${n % 7}`],
      ["Montreal", "QC", (n) => `H2X ${n % 9}L${n % 7}`],
    ],
    streets: ["King Street West", "Granville Street", "Rue Sainte-Catherine"],
    numberFirst: true,
    phone: (n) => `+1${["416", "604", "514"][n % 3]}55501${pad(n, 2)}`,
  },
  "United Kingdom": {
    cities: [
      ["London", "England", (n) => `EC${(n % 4) + 1}A ${(n % 9) + 1}BB`],
      ["Manchester", "England", (n) => `M${(n % 9) + 1} ${(n % 9) + 1}AE`],
      ["Edinburgh", "Scotland", (n) => `EH${(n % 9) + 1} ${(n % 9) + 1}DX`],
    ],
    streets: ["Old Street", "Shoreditch High Street", "Deansgate", "George Street"],
    numberFirst: true,
    phone: (n) => `+442079460${pad(n, 3)}`,
  },
  Germany: {
    cities: [
      ["Berlin", "Berlin", (n) => `10${pad(n, 3)}`],
      ["Munich", "Bavaria", (n) => `80${pad(n, 3)}`],
      ["Hamburg", "Hamburg", (n) => `20${pad(n, 3)}`],
    ],
    streets: ["Torstraße", "Friedrichstraße", "Leopoldstraße", "Jungfernstieg"],
    numberFirst: false,
    // 9xxx xxxx: clear of the leak test's sentinel numbers (+49 30 123…).
    phone: (n) => `+49309${pad(n, 7)}`,
  },
  France: {
    cities: [
      ["Paris", "Île-de-France", (n) => `750${pad((n % 20) + 1, 2)}`],
      ["Lyon", "Auvergne-Rhône-Alpes", (n) => `6900${(n % 9) + 1}`],
    ],
    streets: ["rue de Rivoli", "boulevard Haussmann", "rue de la République"],
    numberFirst: true,
    phone: (n) => `+331${pad(n, 8)}`,
  },
  Netherlands: {
    cities: [
      ["Amsterdam", "North Holland", (n) => `10${pad(n, 2)} ${["AB", "CD", "EK"][n % 3]}`],
      ["Rotterdam", "South Holland", (n) => `30${pad(n, 2)} ${["AA", "BL", "CS"][n % 3]}`],
    ],
    streets: ["Herengracht", "Keizersgracht", "Coolsingel"],
    numberFirst: false,
    phone: (n) => `+3120${pad(n, 7)}`,
  },
  Australia: {
    cities: [
      ["Sydney", "NSW", (n) => `20${pad(n, 2)}`],
      ["Melbourne", "VIC", (n) => `30${pad(n, 2)}`],
    ],
    streets: ["George Street", "Collins Street", "Pitt Street"],
    numberFirst: true,
    phone: (n) => `+612${pad(n, 8)}`,
  },
};

/** FNV-1a of the name: the same listing gets the same address on every seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

export interface ContactFacts {
  hqStreet: string | null;
  hqCity: string | null;
  hqRegion: string | null;
  hqPostalCode: string | null;
  phone: string | null;
  contactEmail: string | null;
}

const NONE: ContactFacts = { hqStreet: null, hqCity: null, hqRegion: null, hqPostalCode: null, phone: null, contactEmail: null };

/** A listing's demo contact block for its home country; nothing for a country without facts here. */
export function contactFacts(name: string, homeCountry: string, domain: string): ContactFacts {
  const facts = FACTS[homeCountry];
  if (!facts) return NONE;
  const h = hash(name);
  const [city, region, postal] = facts.cities[h % facts.cities.length]!;
  const street = facts.streets[(h >>> 8) % facts.streets.length]!;
  const number = ((h >>> 12) % 180) + 1;
  return {
    hqStreet: facts.numberFirst ? `${number} ${street}` : `${street} ${number}`,
    hqCity: city,
    hqRegion: region,
    hqPostalCode: postal(h >>> 4),
    phone: facts.phone(h >>> 3),
    contactEmail: (h & 1) === 0 ? `hello@${domain}` : `info@${domain}`,
  };
}
