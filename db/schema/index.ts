export * from "./reference.ts";
export * from "./listings.ts";
export * from "./listing-details.ts";
export * from "./accounts.ts";
export * from "./usage.ts";
export * from "./messages.ts";
export * from "./applications.ts";
