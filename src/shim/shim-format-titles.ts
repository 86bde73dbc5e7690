import type { ShimFormatName } from "./shim-types.js";

/** Each protocol's agent, by name, for messages. */
export const shimFormatTitles = {
  claude: "Claude Code",
  codex: "Codex",
  gemini: "Gemini CLI",
  cursor: "Cursor",
  deepagents: "Deep Agents Code",
  zerocode: "ZeroCode",
  vscode: "VS Code",
  copilot: "Copilot CLI",
} as const satisfies Record<ShimFormatName, string>;
