#!/usr/bin/env node
// SessionStart: give the model some project context.
import { readPayload } from "./read-payload.mjs";

const payload = await readPayload();
console.log(
  JSON.stringify({
    hookSpecificOutput: {
      hookEventName: "SessionStart",
      additionalContext: `Session ${payload.source}: this project uses npm; run \`npm test\` before finishing.`,
    },
  }),
);
