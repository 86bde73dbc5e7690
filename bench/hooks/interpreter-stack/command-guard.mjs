// What the Node hooks of this stack share: one pattern, one decision, the Bash command. Each hook
// script imports this module from its own folder, builds its decide() with createDecide() and,
// run as a script, hands it to runHookWhenMain().
import { pathToFileURL } from "node:url";

/**
 * A decide(command) that returns the PreToolUse decision output (`decision`: "deny" or "ask",
 * with `reason`) when `pattern` matches the command, and null otherwise.
 */
export function createDecide(pattern, decision, reason) {
  return (command) => {
    if (!pattern.test(command)) return null;
    return {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: decision,
        permissionDecisionReason: reason,
      },
    };
  };
}

/**
 * Runs a hook as an ordinary script when the module at `moduleUrl` is the one node was started
 * with: reads the event JSON on stdin and prints decide()'s output, or nothing.
 */
export async function runHookWhenMain(moduleUrl, decide) {
  if (process.argv[1] === undefined || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  const payload = JSON.parse(text);
  const output = decide(String(payload?.tool_input?.command ?? ""));
  if (output !== null) process.stdout.write(`${JSON.stringify(output)}\n`);
}
