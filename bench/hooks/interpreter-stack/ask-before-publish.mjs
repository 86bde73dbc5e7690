#!/usr/bin/env node
// PreToolUse hook on Bash, an ordinary script: asks before publishing a package. Reads the event JSON on stdin and
// prints a decision JSON when the command matches, nothing otherwise. persistent-sdk-hook.mjs
// reuses decide() for the persistent version of the same hook.
import { pathToFileURL } from "node:url";

const pattern = /\b(npm|pnpm|yarn)\s+publish\b/;

/** The hook's output for a Bash command, or null to print nothing. */
export function decide(command) {
  if (!pattern.test(command)) return null;
  return {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "ask",
      permissionDecisionReason: "Publishing a package needs a confirmation",
    },
  };
}

async function main() {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  const payload = JSON.parse(text);
  const output = decide(String(payload?.tool_input?.command ?? ""));
  if (output !== null) process.stdout.write(`${JSON.stringify(output)}\n`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
