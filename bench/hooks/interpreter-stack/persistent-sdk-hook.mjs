#!/usr/bin/env node
// The persistent version of a Node hook of this stack, written with the SDK's
// definePersistentHook: node persistent-sdk-hook.mjs <hook.mjs>. It loads the hook's decide()
// once and answers the engine's NDJSON requests with it.
import { pathToFileURL } from "node:url";
// agent-hooks/sdk as built in this checkout: bench/ is a package of its own, so the package's
// name does not resolve from here.
import { ask, definePersistentHook, deny } from "../../../dist/sdk/index.js";

const hookFile = process.argv[2];
if (hookFile === undefined) throw new Error("usage: node persistent-sdk-hook.mjs <hook.mjs>");
const { decide } = await import(pathToFileURL(hookFile).href);

await definePersistentHook({
  event: "PreToolUse",
  profile: "deepagents",
  handle(input) {
    const output = decide(String(input.tool_input?.command ?? ""));
    if (output === null) return undefined;
    const { permissionDecision, permissionDecisionReason } = output.hookSpecificOutput;
    return permissionDecision === "ask"
      ? ask(permissionDecisionReason)
      : deny(permissionDecisionReason);
  },
});
