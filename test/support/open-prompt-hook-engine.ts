import { createHookEngine, type HookEngine } from "../../src/engine/engine.js";
import { createTestWorkspace } from "./create-test-workspace.js";

/**
 * Writes a Claude Code project settings file with `prompt` hooks (a PreToolUse one on Bash, plus
 * `hooks`) and opens a `claude` engine on it without an `evaluatePrompt`, as a host that leaves
 * the model to its framework adapter does; the caller closes it.
 *
 * @example
 * ```ts
 * const engine = await openPromptHookEngine("langchain-prompt");
 * ```
 */
export async function openPromptHookEngine(
  name: string,
  hooks: Readonly<Record<string, unknown>> = {},
): Promise<HookEngine> {
  const workspace = createTestWorkspace(name);
  const settings = workspace.writeJson("project/.claude/settings.json", {
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [{ type: "prompt", prompt: "Is this command safe? $ARGUMENTS" }],
        },
      ],
      ...hooks,
    },
  });
  return createHookEngine({
    profile: "claude",
    cwd: workspace.project,
    home: workspace.home,
    configFiles: [settings],
  });
}
