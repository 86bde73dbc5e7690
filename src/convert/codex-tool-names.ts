import type { ToolNameRules } from "./hook-format.js";

/**
 * Codex's tool names and the public (Claude Code) names matchers are converted through: hooks see
 * its shell tools (`shell`, `local_shell`, `container_exec`, `exec_command`, `unified_exec`) as
 * `Bash`, and its one file-editing tool as `apply_patch`, which matchers also select as `Edit` or
 * `Write` (developers.openai.com/codex/hooks#pretooluse; codex-rs `core/src/tools/hook_names.rs`).
 */
export const codexToolNames = {
  internalNames: {
    shell: "Bash",
    local_shell: "Bash",
    container_exec: "Bash",
    exec_command: "Bash",
    unified_exec: "Bash",
  },
  // One-to-many: `Edit` alone widens to `apply_patch`, which also writes new files (reported lossy).
  groupedNames: { apply_patch: ["Edit", "Write"] },
} as const satisfies ToolNameRules;
