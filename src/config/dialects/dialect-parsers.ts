import type { DialectParser } from "../dialect-result.js";
import { parseDeepagentsConfig } from "./deepagents.js";
import { parseZerocodeConfig } from "./zerocode.js";

/** Every configuration dialect the engine reads, by the name profiles use in `configLocations`. */
export const dialectParsers: Readonly<Record<string, DialectParser>> = {
  deepagents: parseDeepagentsConfig,
  zerocode: parseZerocodeConfig,
};
