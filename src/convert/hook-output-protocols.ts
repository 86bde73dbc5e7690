import type { FormatName } from "./portable-hooks.js";

/**
 * The output protocols hook scripts answer in, and how an agent reading each one takes an answer
 * (facts as docs/shim.md's Protocols section cites them): Claude Code's JSON, which Deep Agents
 * Code, ZeroCode, VS Code and Codex read too (Codex more strictly: `describeCodexOutputLoss`);
 * Gemini CLI's top-level `decision`; Cursor's `permission`; Copilot CLI's top-level
 * `permissionDecision`.
 */
export const hookOutputProtocols = {
  claude: {
    answer: 'hookSpecificOutput.permissionDecision, decision: "block", continue',
    exitTwo: "an exit 2 still blocks",
  },
  gemini: {
    answer: '{"decision": "allow"|"deny", "reason"}',
    exitTwo: "an exit 2 still blocks",
  },
  cursor: {
    answer: '{"permission": "allow"|"deny"|"ask", "user_message", "agent_message"}',
    exitTwo: "an exit 2 still denies",
  },
  copilot: {
    answer: '{"permissionDecision": "allow"|"deny"|"ask", "permissionDecisionReason"}',
    exitTwo: "an exit 2 denies only on permissionRequest",
  },
} as const satisfies Record<string, { answer: string; exitTwo: string }>;

/** The name of a hook output protocol. */
export type HookOutputProtocol = keyof typeof hookOutputProtocols;

/**
 * The protocol each format's agent reads a hook's answer in (one row per format): where the
 * source's differs from the target's, a script converted without `agent-hooks shim` answers in a
 * protocol its new agent does not read.
 */
export const formatOutputProtocols = {
  deepagents: "claude",
  zerocode: "claude",
  vscode: "claude",
  copilot: "copilot",
  claude: "claude",
  gemini: "gemini",
  codex: "claude",
  cursor: "cursor",
} as const satisfies Record<FormatName, HookOutputProtocol>;
