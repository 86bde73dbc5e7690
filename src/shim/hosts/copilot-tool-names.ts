/**
 * Copilot CLI's tool names, as its payloads carry them in `toolName` and its matchers test them,
 * and the public (Claude Code) name of each (docs.github.com, "GitHub Copilot CLI hooks
 * reference", "Tool names for hook matching", 2026). `powershell` is its Windows shell, which
 * Claude Code names `PowerShell`; `ask_user` has no counterpart and keeps its name.
 */
export const copilotToolNames = {
  bash: "Bash",
  powershell: "PowerShell",
  create: "Write",
  edit: "Edit",
  view: "Read",
  glob: "Glob",
  grep: "Grep",
  web_fetch: "WebFetch",
  task: "Agent",
} as const satisfies Record<string, string>;
