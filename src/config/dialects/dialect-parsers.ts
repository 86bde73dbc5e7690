import type { DialectParser } from "../dialect-result.js";

/**
 * Every configuration dialect the engine reads, by the name profiles use in `configLocations`:
 * each parser module is loaded the first time a file of its dialect is read.
 */
const dialectLoaders: Readonly<Record<string, () => Promise<DialectParser>>> = {
  deepagents: async () => (await import("./deepagents.js")).parseDeepagentsConfig,
  claude: async () => (await import("./claude.js")).parseClaudeConfig,
  zerocode: async () => (await import("./zerocode.js")).parseZerocodeConfig,
  vscode: async () => (await import("./vscode.js")).parseVscodeConfig,
  gemini: async () => (await import("./gemini.js")).parseGeminiConfig,
  codex: async () => (await import("./codex.js")).parseCodexConfig,
  cursor: async () => (await import("./cursor.js")).parseCursorConfig,
  copilot: async () => (await import("./copilot.js")).parseCopilotConfig,
};

/** The names of the registered dialects. */
export const dialectNames: readonly string[] = Object.keys(dialectLoaders);

/** The parser of a dialect (its module loaded on first use), or undefined for an unknown name. */
export async function loadDialectParser(name: string): Promise<DialectParser | undefined> {
  return Object.hasOwn(dialectLoaders, name) ? dialectLoaders[name]?.() : undefined;
}
