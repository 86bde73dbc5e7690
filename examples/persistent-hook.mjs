#!/usr/bin/env node
// A persistent PreToolUse hook (an agent-hooks extension, "persistent": true): the engine starts
// it once per session and writes one event per line on stdin, {"id", "payload"}; it answers one
// line per event, {"id", "exitCode", "stdout", "stderr"}, read exactly like a spawned hook's exit.
// Here: deny a recursive or forced rm (exit code 2, the reason on stderr), allow the rest.
import { createInterface } from "node:readline";

function decide(payload) {
  const command = String(payload.tool_input?.command ?? "");
  if (/\brm\s+(-\S*\s+)*-[a-zA-Z]*[rf]/.test(command)) {
    return { exitCode: 2, stderr: `Recursive or forced rm is blocked by policy: ${command}` };
  }
  return { exitCode: 0 };
}

for await (const line of createInterface({ input: process.stdin })) {
  const { id, payload } = JSON.parse(line);
  const { exitCode, stdout = "", stderr = "" } = decide(payload);
  process.stdout.write(`${JSON.stringify({ id, exitCode, stdout, stderr })}\n`);
}
