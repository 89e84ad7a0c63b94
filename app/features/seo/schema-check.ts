/**
 * A checker of the schema.org types we emit, with no network (the machines reach no validator): each type's
 * properties and their expected value types as schema.org defines them, the properties search engines require
 * (Google's structured-data rules for breadcrumbs, lists, site search and paywalled content), and the list
 * positions. Used by the tests and by the crawler test page. Types we do not emit are reported as unknown.
 */

type Primitive = "Text" | "URL" | "Boolean" | "Integer" | "Date";
type Expected = Primitive | string;

interface TypeSpec {
  parent?: string;
  properties?: Record<string, readonly Expected[]>;
  required?: readonly string[];
}

const TYPES: Record<string, TypeSpec> = {
  Thing: {
    properties: {
      name: ["Text"],
      alternateName: ["Text"],
      description: ["Text"],
      url: ["URL"],
      image: ["ImageObject", "URL"],
      sameAs: ["URL"],
      identifier: ["Text", "URL"],
      mainEntityOfPage: ["CreativeWork", "URL"],
      potentialAction: ["Action"],
    },
  },
  Organization: {
    parent: "Thing",
    properties: {
      logo: ["ImageObject", "URL"],
      foundingDate: ["Date"],
      areaServed: ["AdministrativeArea", "Place", "Text"],
      knowsAbout: ["Text", "Thing", "URL"],
      address: ["PostalAddress", "Text"],
      legalName: ["Text"],
    },
    required: ["name"],
  },
  Place: { parent: "Thing", properties: { address: ["PostalAddress", "Text"] } },
  AdministrativeArea: { parent: "Place" },
  Country: { parent: "AdministrativeArea", required: ["name"] },
  Intangible: { parent: "Thing" },
  StructuredValue: { parent: "Intangible" },
  ContactPoint: { parent: "StructuredValue" },
  PostalAddress: { parent: "ContactPoint", properties: { addressCountry: ["Country", "Text"], addressLocality: ["Text"] } },
  CreativeWork: {
    parent: "Thing",
    properties: {
      about: ["Thing"],
      mainEntity: ["Thing"],
      isPartOf: ["CreativeWork", "URL"],
      hasPart: ["CreativeWork"],
      isAccessibleForFree: ["Boolean"],
      publisher: ["Organization"],
      inLanguage: ["Text"],
      headline: ["Text"],
    },
  },
  MediaObject: { parent: "CreativeWork", properties: { contentUrl: ["URL"] } },
  ImageObject: { parent: "MediaObject" },
  WebPage: { parent: "CreativeWork", properties: { breadcrumb: ["BreadcrumbList", "Text"] }, required: ["url"] },
  WebPageElement: { parent: "CreativeWork", properties: { cssSelector: ["Text"], xpath: ["Text"] }, required: ["cssSelector"] },
  WebSite: { parent: "CreativeWork", required: ["name", "url"] },
  ItemList: {
    parent: "Intangible",
    properties: { itemListElement: ["ListItem", "Thing", "Text"], numberOfItems: ["Integer"], itemListOrder: ["Text"] },
    required: ["itemListElement"],
  },
  BreadcrumbList: { parent: "ItemList" },
  // Google's breadcrumbs and list pages give `item` as the page's URL; schema.org reads a URL as a reference.
  ListItem: {
    parent: "Intangible",
    properties: { position: ["Integer", "Text"], item: ["Thing", "URL"], nextItem: ["ListItem"], previousItem: ["ListItem"] },
    required: ["position"],
  },
  Action: { parent: "Thing", properties: { target: ["EntryPoint", "URL"] } },
  SearchAction: { parent: "Action", properties: { query: ["Text"], "query-input": ["Text"] }, required: ["target", "query-input"] },
  EntryPoint: { parent: "Intangible", properties: { urlTemplate: ["Text"] }, required: ["urlTemplate"] },
};

const PRIMITIVES = new Set<string>(["Text", "URL", "Boolean", "Integer", "Date"]);
const CONTEXTS = new Set(["https://schema.org", "http://schema.org", "https://schema.org/", "http://schema.org/"]);

export function isSubtypeOf(type: string, ancestor: string): boolean {
  for (let t: string | undefined = type; t; t = TYPES[t]?.parent) if (t === ancestor) return true;
  return false;
}

function propertiesOf(type: string): Record<string, readonly Expected[]> {
  const chain: TypeSpec[] = [];
  for (let t: string | undefined = type; t; t = TYPES[t]?.parent) chain.unshift(TYPES[t]!);
  return Object.assign({}, ...chain.map((spec) => spec.properties ?? {}));
}

function requiredOf(type: string): string[] {
  const out: string[] = [];
  for (let t: string | undefined = type; t; t = TYPES[t]?.parent) out.push(...(TYPES[t]?.required ?? []));
  return out;
}

function isAbsoluteUrl(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

function matchesPrimitive(kind: Primitive, value: unknown): boolean {
  switch (kind) {
    case "Text":
      return typeof value === "string" && value.trim().length > 0;
    case "URL":
      return isAbsoluteUrl(value);
    case "Boolean":
      return typeof value === "boolean";
    case "Integer":
      return typeof value === "number" && Number.isInteger(value);
    case "Date":
      return typeof value === "string" && /^\d{4}(-\d{2}(-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?)?)?$/.test(value);
  }
}

function typeNames(node: Record<string, unknown>): string[] {
  const t = node["@type"];
  return (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === "string");
}

/** Every problem in one JSON-LD node and what it holds; an empty list means valid. */
export function checkJsonLd(node: unknown, path = "$", topLevel = true): string[] {
  if (!node || typeof node !== "object" || Array.isArray(node)) return [`${path}: expected an object`];
  const obj = node as Record<string, unknown>;
  const errors: string[] = [];
  if (topLevel && !CONTEXTS.has(String(obj["@context"]))) errors.push(`${path}: "@context" must be "https://schema.org"`);
  const types = typeNames(obj);
  if (!types.length) return [...errors, `${path}: "@type" is missing`];
  for (const type of types) {
    if (!TYPES[type]) {
      errors.push(`${path}: unknown type "${type}"`);
      continue;
    }
    const properties = propertiesOf(type);
    for (const required of requiredOf(type)) if (obj[required] === undefined) errors.push(`${path}: ${type} needs "${required}"`);
    for (const [key, value] of Object.entries(obj)) {
      // Undefined is how a builder leaves a property out: JSON has no such value.
      if (key.startsWith("@") || value === undefined) continue;
      const expected = properties[key];
      if (!expected) {
        errors.push(`${path}: "${key}" is not a property of ${type}`);
        continue;
      }
      const values = Array.isArray(value) ? value : [value];
      values.forEach((v, i) => errors.push(...checkValue(v, expected, Array.isArray(value) ? `${path}.${key}[${i}]` : `${path}.${key}`)));
    }
    errors.push(...typeRules(type, obj, path));
  }
  return errors;
}

function checkValue(value: unknown, expected: readonly Expected[], path: string): string[] {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    const thingTypes = expected.filter((e) => !PRIMITIVES.has(e));
    if (!thingTypes.length) return [`${path}: expected ${expected.join(" or ")}, got an object`];
    // A bare {"@id": …} refers to a node described elsewhere on the page.
    if (obj["@type"] === undefined && typeof obj["@id"] === "string" && Object.keys(obj).length === 1) {
      return isAbsoluteUrl(obj["@id"]) ? [] : [`${path}: "@id" must be an absolute URL`];
    }
    const own = typeNames(obj);
    if (own.length && !own.some((t) => thingTypes.some((e) => isSubtypeOf(t, e))))
      return [`${path}: expected ${thingTypes.join(" or ")}, got ${own.join(", ")}`];
    return checkJsonLd(obj, path, false);
  }
  if (expected.some((e) => PRIMITIVES.has(e) && matchesPrimitive(e as Primitive, value))) return [];
  // schema.org reads a URL string where a thing is expected as a reference to it.
  if (expected.some((e) => !PRIMITIVES.has(e)) && isAbsoluteUrl(value)) return [];
  return [`${path}: expected ${expected.join(" or ")}, got ${JSON.stringify(value)?.slice(0, 60)}`];
}

function listItems(obj: Record<string, unknown>): Record<string, unknown>[] {
  const raw = obj.itemListElement;
  return (Array.isArray(raw) ? raw : raw ? [raw] : []).filter((x): x is Record<string, unknown> => !!x && typeof x === "object");
}

/** Rules beyond value types: list positions, breadcrumb items, and Google's paywalled-content markup. */
function typeRules(type: string, obj: Record<string, unknown>, path: string): string[] {
  const errors: string[] = [];
  if (isSubtypeOf(type, "ItemList")) {
    const items = listItems(obj);
    if (!items.length) errors.push(`${path}: ${type} has no items`);
    const positions = items.map((item) => Number(item.position));
    positions.forEach((p, i) => {
      if (!Number.isInteger(p) || p < 1 || (i > 0 && p !== positions[i - 1]! + 1))
        errors.push(`${path}.itemListElement[${i}]: positions must be whole numbers counting up by one`);
    });
    if (obj.numberOfItems !== undefined && obj.numberOfItems !== items.length)
      errors.push(`${path}: numberOfItems is ${String(obj.numberOfItems)} but the list holds ${items.length}`);
    if (type === "ItemList")
      items.forEach((item, i) => {
        if (item.url === undefined && item.item === undefined)
          errors.push(`${path}.itemListElement[${i}]: a ListItem needs "url" or "item"`);
      });
  }
  if (type === "BreadcrumbList") {
    const items = listItems(obj);
    if (Number(items[0]?.position) !== 1) errors.push(`${path}: breadcrumbs start at position 1`);
    items.forEach((item, i) => {
      if (typeof item.name !== "string" || !item.name.trim()) errors.push(`${path}.itemListElement[${i}]: a breadcrumb needs "name"`);
      if (i < items.length - 1 && item.item === undefined) errors.push(`${path}.itemListElement[${i}]: a breadcrumb needs "item"`);
    });
  }
  if (
    type === "WebPageElement" &&
    typeof obj.cssSelector === "string" &&
    !/^\.[A-Za-z_-][\w-]*(\s*,\s*\.[A-Za-z_-][\w-]*)*$/.test(obj.cssSelector)
  )
    errors.push(`${path}: cssSelector must name classes (".paywall"): search engines read no other selector`);
  if (isSubtypeOf(type, "CreativeWork") && obj.isAccessibleForFree === false && type !== "WebPageElement") {
    const parts = (Array.isArray(obj.hasPart) ? obj.hasPart : obj.hasPart ? [obj.hasPart] : []) as Record<string, unknown>[];
    const marked = parts.filter((p) => p && p.isAccessibleForFree === false && typeof p.cssSelector === "string" && p.cssSelector.trim());
    if (!marked.length)
      errors.push(`${path}: paywalled content (isAccessibleForFree false) needs hasPart with isAccessibleForFree false and a cssSelector`);
  }
  return errors;
}
