export * from "./reference.ts";
export * from "./listings.ts";
export * from "./listing-details.ts";
