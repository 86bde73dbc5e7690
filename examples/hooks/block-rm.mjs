#!/usr/bin/env node
// PreToolUse on Bash: deny recursive or forced rm.
import { readPayload } from "./read-payload.mjs";

const payload = await readPayload();
const command = String(payload.tool_input?.command ?? "");
if (/\brm\s+(-\S*\s+)*-[a-zA-Z]*[rf]/.test(command)) {
  console.log(
    JSON.stringify({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: `Recursive or forced rm is blocked by policy: ${command}`,
      },
    }),
  );
}
