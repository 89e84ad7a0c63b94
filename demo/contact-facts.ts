/**
 * Demo headquarters and phone numbers (decision 0066), per home country and city: a listing's street is in its city
 * and its phone has the city's area code. Cheap and deterministic: drawn from a hash of the listing's name, not from
 * the generator's random stream, so adding them changed no other demo value. Phone numbers sit in ranges kept for
 * fiction or in plausible blocks (US 555-01xx, UK 020 7946 0xxx).
 */
interface CityFacts {
  city: string;
  region: string | null;
  postal: (n: number) => string;
  /** Streets of this city, so a Manchester listing is on Deansgate, not Shoreditch High Street. */
  streets: readonly string[];
  /** A number with the city's own area code. */
  phone: (n: number) => string;
}

interface CountryFacts {
  cities: readonly CityFacts[];
  /** House number first ("12 Market St") or after the street ("Hauptstraße 12"). */
  numberFirst: boolean;
}

const pad = (n: number, width: number) => String(n % 10 ** width).padStart(width, "0");

/** North American numbers in 555-0100..0199, the block kept for fiction. */
const nanp = (areaCode: string) => (n: number) => `+1${areaCode}55501${pad(n, 2)}`;

const FACTS: Record<string, CountryFacts> = {
  "United States": {
    cities: [
      {
        city: "San Francisco",
        region: "CA",
        postal: (n) => `941${pad(n, 2)}`,
        streets: ["Market Street", "Mission Street"],
        phone: nanp("415"),
      },
      { city: "New York", region: "NY", postal: (n) => `100${pad(n, 2)}`, streets: ["Broadway", "Fifth Avenue"], phone: nanp("212") },
      { city: "Austin", region: "TX", postal: (n) => `787${pad(n, 2)}`, streets: ["Congress Avenue"], phone: nanp("512") },
      { city: "Boston", region: "MA", postal: (n) => `021${pad(n, 2)}`, streets: ["Boylston Street"], phone: nanp("617") },
      { city: "Seattle", region: "WA", postal: (n) => `981${pad(n, 2)}`, streets: ["Pine Street"], phone: nanp("206") },
    ],
    numberFirst: true,
  },
  Canada: {
    cities: [
      { city: "Toronto", region: "ON", postal: (n) => `M5V ${n % 9}A${n % 7}`, streets: ["King Street West"], phone: nanp("416") },
      { city: "Vancouver", region: "BC", postal: (n) => `V6B ${n % 9}K${n % 7}`, streets: ["Granville Street"], phone: nanp("604") },
      { city: "Montreal", region: "QC", postal: (n) => `H2X ${n % 9}L${n % 7}`, streets: ["Rue Sainte-Catherine"], phone: nanp("514") },
    ],
    numberFirst: true,
  },
  // Ofcom's drama ranges: 020 7946 0xxx, 0161 496 0xxx, 0131 496 0xxx.
  "United Kingdom": {
    cities: [
      {
        city: "London",
        region: "England",
        postal: (n) => `EC${(n % 4) + 1}A ${(n % 9) + 1}BB`,
        streets: ["Old Street", "Shoreditch High Street"],
        phone: (n) => `+442079460${pad(n, 3)}`,
      },
      {
        city: "Manchester",
        region: "England",
        postal: (n) => `M${(n % 9) + 1} ${(n % 9) + 1}AE`,
        streets: ["Deansgate"],
        phone: (n) => `+441614960${pad(n, 3)}`,
      },
      {
        city: "Edinburgh",
        region: "Scotland",
        postal: (n) => `EH${(n % 9) + 1} ${(n % 9) + 1}DX`,
        streets: ["George Street"],
        phone: (n) => `+441314960${pad(n, 3)}`,
      },
    ],
    numberFirst: true,
  },
  // 9xxx xxxx after the area code: clear of the leak test's sentinel numbers (+49 30 123…).
  Germany: {
    cities: [
      {
        city: "Berlin",
        region: "Berlin",
        postal: (n) => `10${pad(n, 3)}`,
        streets: ["Torstraße", "Friedrichstraße"],
        phone: (n) => `+49309${pad(n, 7)}`,
      },
      {
        city: "Munich",
        region: "Bavaria",
        postal: (n) => `80${pad(n, 3)}`,
        streets: ["Leopoldstraße"],
        phone: (n) => `+49899${pad(n, 7)}`,
      },
      {
        city: "Hamburg",
        region: "Hamburg",
        postal: (n) => `20${pad(n, 3)}`,
        streets: ["Jungfernstieg"],
        phone: (n) => `+49409${pad(n, 7)}`,
      },
    ],
    numberFirst: false,
  },
  France: {
    cities: [
      {
        city: "Paris",
        region: "Île-de-France",
        postal: (n) => `750${pad((n % 20) + 1, 2)}`,
        streets: ["rue de Rivoli", "boulevard Haussmann"],
        phone: (n) => `+331${pad(n, 8)}`,
      },
      {
        city: "Lyon",
        region: "Auvergne-Rhône-Alpes",
        postal: (n) => `6900${(n % 9) + 1}`,
        streets: ["rue de la République"],
        phone: (n) => `+334${pad(n, 8)}`,
      },
    ],
    numberFirst: true,
  },
  Netherlands: {
    cities: [
      {
        city: "Amsterdam",
        region: "North Holland",
        postal: (n) => `10${pad(n, 2)} ${["AB", "CD", "EK"][n % 3]}`,
        streets: ["Herengracht", "Keizersgracht"],
        phone: (n) => `+3120${pad(n, 7)}`,
      },
      {
        city: "Rotterdam",
        region: "South Holland",
        postal: (n) => `30${pad(n, 2)} ${["AA", "BL", "CS"][n % 3]}`,
        streets: ["Coolsingel"],
        phone: (n) => `+3110${pad(n, 7)}`,
      },
    ],
    numberFirst: false,
  },
  Australia: {
    cities: [
      {
        city: "Sydney",
        region: "NSW",
        postal: (n) => `20${pad(n, 2)}`,
        streets: ["George Street", "Pitt Street"],
        phone: (n) => `+612${pad(n, 8)}`,
      },
      { city: "Melbourne", region: "VIC", postal: (n) => `30${pad(n, 2)}`, streets: ["Collins Street"], phone: (n) => `+613${pad(n, 8)}` },
    ],
    numberFirst: true,
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

/** A listing without a contact block (a home country without facts here, a sparse planted duplicate). */
export const NO_CONTACT_FACTS: ContactFacts = {
  hqStreet: null,
  hqCity: null,
  hqRegion: null,
  hqPostalCode: null,
  phone: null,
  contactEmail: null,
};

/** A listing's demo contact block for its home country; nothing for a country without facts here. */
export function contactFacts(name: string, homeCountry: string, domain: string): ContactFacts {
  const facts = FACTS[homeCountry];
  if (!facts) return NO_CONTACT_FACTS;
  const h = hash(name);
  const city = facts.cities[h % facts.cities.length]!;
  const street = city.streets[(h >>> 8) % city.streets.length]!;
  const number = ((h >>> 12) % 180) + 1;
  return {
    hqStreet: facts.numberFirst ? `${number} ${street}` : `${street} ${number}`,
    hqCity: city.city,
    hqRegion: city.region,
    hqPostalCode: city.postal(h >>> 4),
    phone: city.phone(h >>> 3),
    contactEmail: (h & 1) === 0 ? `hello@${domain}` : `info@${domain}`,
  };
}
