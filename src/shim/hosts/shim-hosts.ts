import type { ShimFormatName } from "../shim-types.js";
import { claudeHost } from "./claude.js";
import { codexHost } from "./codex.js";
import { copilotHost } from "./copilot.js";
import { cursorHost } from "./cursor.js";
import { deepagentsHost } from "./deepagents.js";
import { geminiHost } from "./gemini.js";
import type { ShimHost } from "./shim-host.js";
import { vscodeHost } from "./vscode.js";
import { zerocodeHost } from "./zerocode.js";

/** Every protocol the shim bridges, by format name: one host module each (`hosts/<name>.ts`). */
export const shimHosts = {
  claude: claudeHost,
  codex: codexHost,
  copilot: copilotHost,
  cursor: cursorHost,
  deepagents: deepagentsHost,
  gemini: geminiHost,
  vscode: vscodeHost,
  zerocode: zerocodeHost,
} as const satisfies Record<ShimFormatName, ShimHost>;
