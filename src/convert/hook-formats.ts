import { claudeFormat } from "./formats/claude.js";
import { codexFormat } from "./formats/codex.js";
import { copilotFormat } from "./formats/copilot.js";
import { cursorFormat } from "./formats/cursor.js";
import { deepagentsFormat } from "./formats/deepagents.js";
import { geminiFormat } from "./formats/gemini.js";
import { vscodeFormat } from "./formats/vscode.js";
import { zerocodeFormat } from "./formats/zerocode.js";
import type { HookFormat } from "./hook-format.js";
import { type FormatName, formatNames } from "./portable-hooks.js";

/** Every format `agent-hooks convert` reads and writes, by name. */
export const hookFormats: Readonly<Record<FormatName, HookFormat>> = {
  deepagents: deepagentsFormat,
  zerocode: zerocodeFormat,
  vscode: vscodeFormat,
  copilot: copilotFormat,
  claude: claudeFormat,
  gemini: geminiFormat,
  codex: codexFormat,
  cursor: cursorFormat,
};

/** Looks up a format by name, or returns undefined. */
export function findHookFormat(name: string): HookFormat | undefined {
  return (formatNames as readonly string[]).includes(name)
    ? hookFormats[name as FormatName]
    : undefined;
}
