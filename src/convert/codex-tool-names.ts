import { profiles } from "../profiles/profiles.js";
import type { ToolNameRules } from "./hook-format.js";

const profile = profiles.codex;

/**
 * Codex's tool names and the public (Claude Code) names matchers are converted through, read from
 * the `codex` profile's rows: hooks see its shell tools (`shell`, `local_shell`, `container_exec`,
 * `exec_command`, `unified_exec`) as `Bash`, and its one file-editing tool as `apply_patch`, which
 * matchers also select as `Edit` or `Write` (developers.openai.com/codex/hooks#pretooluse; codex-rs
 * `core/src/tools/hook_names.rs`). One-to-many: `Edit` alone widens to `apply_patch`, which also
 * writes new files (reported lossy).
 */
export const codexToolNames = {
  internalNames: profile.toolNameAliases,
  groupedNames: profile.toolMatchAliases,
} as const satisfies ToolNameRules;
