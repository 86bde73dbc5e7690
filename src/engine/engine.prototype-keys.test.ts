import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSuiteWorkspace } from "../../test/support/create-test-workspace.js";
import { createHookEngine } from "./engine.js";

// Regressions found by fuzzing (src/config/config.fuzz.test.ts, src/engine/engine.output.fuzz.test.ts):
// names and keys that exist on Object.prototype must never be read as events, fields or hooks.

const directory = createSuiteWorkspace("prototype-keys").root;

describe("prototype keys", () => {
  // Regression: profile.events["constructor"] is Object, so the dispatch ran with no handlers
  // and no unknown_event diagnostic.
  it.each(["constructor", "__proto__", "toString", "hasOwnProperty"])(
    "dispatching %j is an unknown event",
    async (event) => {
      const engine = await createHookEngine({
        profile: "deepagents",
        home: directory,
        cwd: directory,
        configFiles: [],
      });
      const result = await engine.dispatch(event, {});
      expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["unknown_event"]);
      await engine.close();
    },
  );

  // Regression: toolMatchAliases["constructor"] is Object, so a tool named "constructor" made
  // dispatch and explain reject with a TypeError once a hook had a named matcher.
  it.each(["constructor", "toString"])("dispatches a tool named %j", async (toolName) => {
    const file = path.join(directory, "named-matcher.json");
    const hooks = [{ matcher: "Bash", hooks: [{ type: "command", command: "true" }] }];
    writeFileSync(file, JSON.stringify({ hooks: { PreToolUse: hooks } }));
    const engine = await createHookEngine({
      profile: "deepagents",
      home: directory,
      cwd: directory,
      configFiles: [file],
    });
    expect(engine.diagnostics).toEqual([]);
    const payload = { tool_name: toolName, tool_input: {} };
    const result = await engine.dispatch("PreToolUse", payload);
    const explained = await engine.explain("PreToolUse", payload);
    await engine.close();
    expect(result.runs).toEqual([]);
    expect(result.diagnostics).toEqual([]);
    expect(explained.aliases).toEqual([]);
    expect(explained.entries.map((entry) => entry.reasons[0]?.kind)).toEqual(["matcher"]);
  });

  // Regression: a handler printing {"__proto__": …} made dispatch reject with a TypeError.
  it("resolves when a handler prints a __proto__ key", async () => {
    const file = path.join(directory, "hooks.json");
    const output = '{"__proto__": {"decision": "block"}, "decision": "constructor"}';
    writeFileSync(
      file,
      JSON.stringify({
        hooks: {
          PreToolUse: [{ hooks: [{ type: "command", command: ["printf", "%s", output] }] }],
        },
      }),
    );
    const engine = await createHookEngine({
      profile: "deepagents",
      home: directory,
      cwd: directory,
      configFiles: [file],
    });
    const result = await engine.dispatch("PreToolUse", { tool_name: "Bash", tool_input: {} });
    await engine.close();
    expect(result.decision).toBeNull();
    expect(result.runs.map((run) => run.status)).toEqual(["ok"]);
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([
      "unknown_field",
      "invalid_output",
    ]);
  });

  // Regression: JSONC settings with hooks under "__proto__" loaded them through the prototype.
  it("never loads Claude Code hooks hidden under a __proto__ key", async () => {
    const file = path.join(directory, "settings.json");
    writeFileSync(
      file,
      '{"__proto__": {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "true"}]}]}}}',
    );
    const engine = await createHookEngine({
      profile: "claude",
      home: directory,
      cwd: directory,
      configFiles: [file],
    });
    const result = await engine.dispatch("Stop", {});
    await engine.close();
    expect(result.runs).toEqual([]);
  });
});
