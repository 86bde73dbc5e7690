import type { DialectParser } from "../dialect-result.js";
import { parseClaudeConfig } from "./claude.js";
import { parseDeepagentsConfig } from "./deepagents.js";
import { parseVscodeConfig } from "./vscode.js";
import { parseZerocodeConfig } from "./zerocode.js";

/** Every configuration dialect the engine reads, by the name profiles use in `configLocations`. */
export const dialectParsers: Readonly<Record<string, DialectParser>> = {
  deepagents: parseDeepagentsConfig,
  claude: parseClaudeConfig,
  zerocode: parseZerocodeConfig,
  vscode: parseVscodeConfig,
};
