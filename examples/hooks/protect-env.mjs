#!/usr/bin/env node
// PreToolUse on Write|Edit: ask before touching .env files, allow everything else.
import path from "node:path";
import { readPayload } from "./read-payload.mjs";

const payload = await readPayload();
const file = String(payload.tool_input?.file_path ?? "");
const secret = path.basename(file).startsWith(".env");
console.log(
  JSON.stringify({
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: secret ? "ask" : "allow",
      permissionDecisionReason: secret ? `${file} may hold secrets` : "ordinary file",
    },
  }),
);
