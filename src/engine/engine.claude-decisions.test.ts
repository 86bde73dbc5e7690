import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import { createHookEngine, type HookEngine } from "./engine.js";

// How the claude profile reads decisions where Claude Code 2.1.328 was seen to differ from our
// reading of its docs: a rewrite with no decision, continue: false beside a decision, exit 2 with
// empty stderr or with JSON on stdout, JSON beside any other exit, and a host's stop_hook_active.
// Real handler processes.

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

/** A command that reads its input, prints `stdout` and `stderr`, and exits with `code`. */
function reply(stdout: unknown, code = 0, stderr = ""): { type: "command"; command: string } {
  const text = typeof stdout === "string" ? stdout : JSON.stringify(stdout);
  const parts = ["cat >/dev/null"];
  if (text !== "") parts.push(`printf '%s\\n' '${text}'`);
  if (stderr !== "") parts.push(`printf '%s' '${stderr}' >&2`);
  parts.push(`exit ${code}`);
  return { type: "command", command: parts.join("; ") };
}

async function setup(
  hooks: Record<string, { type: "command"; command: string }[]>,
  profile: "claude" | "deepagents" = "claude",
): Promise<{ engine: HookEngine; workspace: ReturnType<typeof createTestWorkspace> }> {
  const workspace = createTestWorkspace("claude-decisions");
  const settings = Object.fromEntries(
    Object.entries(hooks).map(([event, handlers]) => [event, [{ hooks: handlers }]]),
  );
  const file =
    profile === "claude" ? "project/.claude/settings.json" : "project/.deepagents/hooks.json";
  workspace.writeJson(file, { hooks: settings });
  const engine = await createHookEngine({
    profile,
    cwd: workspace.project,
    home: workspace.home,
    ...(profile === "claude" ? {} : { configFiles: [workspace.path(file)] }),
  });
  engines.push(engine);
  return { engine, workspace };
}

const bash = (command: string) => ({ tool_name: "Bash", tool_input: { command } });
const specific = (fields: Record<string, unknown>) => ({
  hookSpecificOutput: { hookEventName: "PreToolUse", ...fields },
});
const decided = (result: DispatchResult) => ({
  decision: result.decision,
  reason: result.reason,
  continue: result.continue,
  stopReason: result.stopReason,
  updatedInput: result.updatedInput,
  additionalContext: result.additionalContext,
});
const problems = (result: DispatchResult) =>
  result.diagnostics.filter((diagnostic) => diagnostic.severity !== "info");

describe.skipIf(process.platform === "win32")("claude profile decisions (real processes)", () => {
  describe("updatedInput with no permissionDecision", () => {
    it.each([
      ["a Bash rewrite", "Bash", { command: "ls -la" }],
      ["an Edit rewrite", "Edit", { file_path: "/p/a.txt", old_string: "a", new_string: "b" }],
    ])(
      "%s is returned with no decision, for the host's permission flow",
      async (_name, tool, input) => {
        const { engine } = await setup({
          PreToolUse: [reply(specific({ updatedInput: input, additionalContext: "rewritten" }))],
        });
        const result = await engine.dispatch("PreToolUse", { tool_name: tool, tool_input: {} });
        expect(decided(result)).toEqual({
          decision: null,
          reason: null,
          continue: true,
          stopReason: null,
          updatedInput: input,
          additionalContext: ["rewritten"],
        });
        expect(problems(result)).toEqual([]);
        expect(result.runs.map((run) => run.status)).toEqual(["ok"]);
      },
    );

    it("goes with another hook's allow or ask, and not with its deny", async () => {
      const rewrite = reply(specific({ updatedInput: { command: "ls" } }));
      for (const [decision, kept] of [
        ["allow", { command: "ls" }],
        ["ask", { command: "ls" }],
        ["deny", null],
      ] as const) {
        const { engine } = await setup({
          PreToolUse: [rewrite, reply(specific({ permissionDecision: decision }))],
        });
        const result = await engine.dispatch("PreToolUse", bash("rm -rf /"));
        expect(result.decision, decision).toBe(decision);
        expect(result.updatedInput, decision).toEqual(kept);
      }
    });

    it("is still an invalid rewrite when it is not an object or a Bash rewrite has no command", async () => {
      const { engine } = await setup({
        PreToolUse: [reply(specific({ updatedInput: { cmd: "ls" } }))],
      });
      const result = await engine.dispatch("PreToolUse", bash("rm -rf /"));
      expect(decided(result)).toMatchObject({ decision: null, updatedInput: null });
      expect(result.runs.map((run) => run.status)).toEqual(["error"]);
      expect(problems(result).map((diagnostic) => diagnostic.code)).toEqual(["invalid_output"]);
    });

    it("gives no rewrite in the deepagents profile, as its seed says", async () => {
      const { engine } = await setup(
        { PreToolUse: [reply(specific({ updatedInput: { command: "ls" } }))] },
        "deepagents",
      );
      const result = await engine.dispatch("PreToolUse", bash("rm -rf /"));
      expect(result).toMatchObject({ decision: null, updatedInput: null });
      expect(problems(result).map((diagnostic) => diagnostic.code)).toEqual(["unsupported_field"]);
    });
  });

  describe("continue: false beside a decision", () => {
    it.each([
      [
        "PreToolUse deny: the deny and its reason stand, the turn ends",
        "PreToolUse",
        {
          continue: false,
          stopReason: "halt",
          ...specific({ permissionDecision: "deny", permissionDecisionReason: "no rm" }),
        },
        { decision: "deny", reason: "no rm", updatedInput: null },
      ],
      [
        "PreToolUse with no decision: the tool runs, the turn ends",
        "PreToolUse",
        { continue: false, stopReason: "halt" },
        { decision: null, reason: null, updatedInput: null },
      ],
      [
        "PreToolUse allow with a rewrite: both stand",
        "PreToolUse",
        {
          continue: false,
          stopReason: "halt",
          ...specific({ permissionDecision: "allow", updatedInput: { command: "ls" } }),
        },
        { decision: "allow", reason: null, updatedInput: { command: "ls" } },
      ],
      [
        "PreToolUse legacy block: a deny",
        "PreToolUse",
        { continue: false, stopReason: "halt", decision: "block", reason: "legacy" },
        { decision: "deny", reason: "legacy", updatedInput: null },
      ],
      [
        "UserPromptSubmit block: the prompt is blocked",
        "UserPromptSubmit",
        { continue: false, stopReason: "halt", decision: "block", reason: "secret" },
        { decision: "block", reason: "secret", updatedInput: null },
      ],
      [
        "Stop block: the turn ends all the same",
        "Stop",
        { continue: false, stopReason: "halt", decision: "block", reason: "go on" },
        { decision: null, reason: null, updatedInput: null },
      ],
    ])("%s", async (_name, event, output, expected) => {
      const { engine } = await setup({ [event]: [reply(output)] });
      const result = await engine.dispatch(event, { ...bash("rm -rf /"), prompt: "hi" });
      expect(decided(result)).toMatchObject({ ...expected, continue: false, stopReason: "halt" });
      const overridden = result.diagnostics.some(({ code }) => code === "decision_overridden");
      expect(overridden).toBe(event === "Stop");
    });

    it("still drops the deny in the deepagents profile, as its seed says", async () => {
      const { engine } = await setup(
        {
          PreToolUse: [reply({ continue: false, ...specific({ permissionDecision: "deny" }) })],
        },
        "deepagents",
      );
      const result = await engine.dispatch("PreToolUse", bash("rm -rf /"));
      expect(result).toMatchObject({ decision: null, continue: false });
    });
  });

  describe("exit 2 with empty stderr: Claude Code's own text", () => {
    it.each([
      ["PreToolUse", { decision: "deny", reason: "No stderr output" }],
      ["PermissionRequest", { decision: "deny", reason: "No stderr output" }],
      ["UserPromptSubmit", { decision: "block", reason: "No stderr output" }],
      ["PostToolUse", { decision: "block", reason: "No stderr output" }],
      ["Stop", { decision: "block", reason: "No stderr output" }],
      ["SubagentStop", { decision: "block", reason: "No stderr output" }],
      ["PostToolUseFailure", { decision: null, additionalContext: ["No stderr output"] }],
    ])("%s", async (event, expected) => {
      const { engine } = await setup({ [event]: [reply("", 2, "")] });
      const result = await engine.dispatch(event, {
        ...bash("rm"),
        prompt: "hi",
        agent_type: "Plan",
        agent_id: "a",
      });
      expect(result).toMatchObject(expected);
    });

    it("counts whitespace-only stderr as empty, and keeps real stderr as the reason", async () => {
      const { engine } = await setup({ Stop: [reply("", 2, "  ")] });
      expect((await engine.dispatch("Stop", {})).reason).toBe("No stderr output");
      const other = await setup({ Stop: [reply("", 2, "tests fail")] });
      expect((await other.engine.dispatch("Stop", {})).reason).toBe("tests fail");
    });

    it("names the text in the warning of an event that cannot block", async () => {
      const { engine } = await setup({ SessionStart: [reply("", 2, "")] });
      const result = await engine.dispatch("SessionStart", { source: "startup" });
      expect(result.decision).toBeNull();
      expect(result.diagnostics).toEqual([
        expect.objectContaining({
          code: "block_ignored",
          message: expect.stringContaining("No stderr output"),
        }),
      ]);
    });

    it("keeps the engine's own text in the deepagents profile", async () => {
      const { engine } = await setup({ PreToolUse: [reply("", 2, "")] }, "deepagents");
      const result = await engine.dispatch("PreToolUse", bash("rm"));
      expect(result.reason).toMatch(/^Blocked by .*\(exit code 2\)$/);
    });
  });

  describe("exit 2 with JSON on stdout: the JSON counts", () => {
    const blockJson = { decision: "block", reason: "from json" };
    it.each([
      ["Stop: the JSON's reason", "Stop", blockJson, { decision: "block", reason: "from json" }],
      [
        "UserPromptSubmit: the JSON's reason",
        "UserPromptSubmit",
        blockJson,
        { decision: "block", reason: "from json" },
      ],
      [
        "SubagentStop: the JSON's reason",
        "SubagentStop",
        blockJson,
        { decision: "block", reason: "from json" },
      ],
      [
        "PostToolUse: the JSON's reason and context",
        "PostToolUse",
        {
          ...blockJson,
          hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "ctx" },
        },
        { decision: "block", reason: "from json", additionalContext: ["ctx"] },
      ],
      [
        "PreToolUse deny: the JSON's reason",
        "PreToolUse",
        specific({ permissionDecision: "deny", permissionDecisionReason: "from json" }),
        { decision: "deny", reason: "from json" },
      ],
      [
        "PreToolUse allow: exit 2 still denies, with stderr",
        "PreToolUse",
        specific({ permissionDecision: "allow", updatedInput: { command: "ls" } }),
        { decision: "deny", reason: "from stderr", updatedInput: null },
      ],
      [
        "UserPromptSubmit continue: false: blocked by exit 2, and stopped",
        "UserPromptSubmit",
        { continue: false, stopReason: "halt" },
        { decision: "block", reason: "from stderr", continue: false, stopReason: "halt" },
      ],
      [
        "Stop with context only: blocked by exit 2, with the context",
        "Stop",
        { hookSpecificOutput: { hookEventName: "Stop", additionalContext: "ctx" } },
        { decision: "block", reason: "from stderr" },
      ],
      [
        "UserPromptSubmit plain text: ignored",
        "UserPromptSubmit",
        "not json",
        { decision: "block", reason: "from stderr", additionalContext: [] },
      ],
      [
        "Stop with output that does not parse: ignored",
        "Stop",
        "{oops",
        { decision: "block", reason: "from stderr" },
      ],
    ])("%s", async (_name, event, stdout, expected) => {
      const { engine } = await setup({ [event]: [reply(stdout, 2, "from stderr")] });
      const result = await engine.dispatch(event, {
        ...bash("rm"),
        prompt: "hi",
        agent_type: "Plan",
        agent_id: "a",
      });
      expect(result).toMatchObject(expected);
      expect(result.runs.map((run) => run.status)).toEqual(["blocked"]);
    });

    it("still ignores the JSON in the deepagents profile", async () => {
      const { engine } = await setup({ Stop: [reply(blockJson, 2, "from stderr")] }, "deepagents");
      expect((await engine.dispatch("Stop", {})).reason).toBe("from stderr");
    });
  });

  describe("JSON on stdout beside another non-zero exit: the JSON counts", () => {
    const blockJson = { decision: "block", reason: "from json" };
    const nonzero = (result: DispatchResult) =>
      result.diagnostics
        .filter((diagnostic) => diagnostic.code === "nonzero_exit")
        .map((diagnostic) => diagnostic.severity);
    it.each([
      [
        "PreToolUse deny, exit 3: denied with the JSON's reason",
        "PreToolUse",
        specific({ permissionDecision: "deny", permissionDecisionReason: "from json" }),
        3,
        { decision: "deny", reason: "from json" },
        "blocked",
      ],
      [
        "PreToolUse context, exit 1: the context reaches the model",
        "PreToolUse",
        specific({ additionalContext: "ctx" }),
        1,
        { decision: null, additionalContext: ["ctx"] },
        "ok",
      ],
      [
        "Stop block, exit 1: the turn goes on with the JSON's reason",
        "Stop",
        blockJson,
        1,
        { decision: "block", reason: "from json" },
        "blocked",
      ],
      [
        "PostToolUse block, exit 1: the JSON's reason",
        "PostToolUse",
        blockJson,
        1,
        { decision: "block", reason: "from json" },
        "blocked",
      ],
      [
        "PreToolUse continue: false, exit 1: the turn ends",
        "PreToolUse",
        { continue: false, stopReason: "halt" },
        1,
        { decision: null, continue: false, stopReason: "halt" },
        "ok",
      ],
      [
        "PreToolUse plain text, exit 1: ignored",
        "PreToolUse",
        "deny",
        1,
        { decision: null, additionalContext: [] },
        "error",
      ],
    ])("%s", async (_name, event, stdout, code, expected, status) => {
      const { engine } = await setup({ [event]: [reply(stdout, code, "from stderr")] });
      const result = await engine.dispatch(event, bash("rm"));
      expect(result).toMatchObject(expected);
      expect(result.runs.map((run) => [run.status, run.exitCode])).toEqual([[status, code]]);
      expect(nonzero(result)).toEqual(["warning"]);
    });

    it("reads the JSON of a hook killed by a signal, as Claude Code's exit 1", async () => {
      const deny = specific({ permissionDecision: "deny", permissionDecisionReason: "killed" });
      const command = `cat >/dev/null; printf '%s\\n' '${JSON.stringify(deny)}'; kill -KILL $$`;
      const { engine } = await setup({ PreToolUse: [{ type: "command", command }] });
      const result = await engine.dispatch("PreToolUse", bash("rm"));
      expect(result).toMatchObject({ decision: "deny", reason: "killed" });
      expect(result.runs.map((run) => [run.status, run.signal])).toEqual([["blocked", "SIGKILL"]]);
      expect(result.diagnostics.map((diagnostic) => diagnostic.message).join("\n")).toContain(
        "was killed by SIGKILL; its JSON on stdout was read",
      );
    });

    it("still ignores the JSON in the deepagents profile: a non-blocking error", async () => {
      const deny = specific({ permissionDecision: "deny", permissionDecisionReason: "from json" });
      const { engine } = await setup({ PreToolUse: [reply(deny, 3)] }, "deepagents");
      const result = await engine.dispatch("PreToolUse", bash("rm"));
      expect(result.decision).toBeNull();
      expect(result.runs.map((run) => run.status)).toEqual(["error"]);
    });
  });

  describe("stop_hook_active", () => {
    // Blocks unless the payload says a Stop hook is already active; records what it saw.
    const guard = (file: string) => ({
      type: "command" as const,
      command: `input=$(cat); printf '%s\\n' "$input" >> '${file}'; case "$input" in *'"stop_hook_active":true'*) exit 0;; esac; printf '%s\\n' '{"decision":"block","reason":"keep going"}'`,
    });
    const seen = (file: string) =>
      readFileSync(file, "utf8")
        .trim()
        .split("\n")
        .map((line) => (JSON.parse(line) as Record<string, unknown>).stop_hook_active);

    it("passes a one-shot dispatch's value to the hook, which then lets Claude stop", async () => {
      const workspace = createTestWorkspace("stop-hook-active");
      const file = workspace.path("seen.jsonl");
      const { engine } = await setup({ Stop: [guard(file)] });
      const result = await engine.dispatch("Stop", { stop_hook_active: true });
      expect(result.decision).toBeNull();
      expect(seen(file)).toEqual([true]);
    });

    it("uses the engine's own count once it has one", async () => {
      const workspace = createTestWorkspace("stop-hook-active");
      const file = workspace.path("seen.jsonl");
      const { engine } = await setup({ Stop: [guard(file)], UserPromptSubmit: [reply("")] });
      // The host's false first: the hook blocks; the engine counts it and says true next.
      expect((await engine.dispatch("Stop", { stop_hook_active: false })).decision).toBe("block");
      expect((await engine.dispatch("Stop", { stop_hook_active: false })).decision).toBeNull();
      // After a prompt the engine knows the turn is fresh, whatever the host says.
      await engine.dispatch("UserPromptSubmit", { prompt: "next" });
      expect((await engine.dispatch("Stop", { stop_hook_active: true })).decision).toBe("block");
      expect(seen(file)).toEqual([false, true, false]);
    });

    it("fills false when neither the host nor the engine says otherwise", async () => {
      const workspace = createTestWorkspace("stop-hook-active");
      const file = workspace.path("seen.jsonl");
      const { engine } = await setup({ Stop: [guard(file)] });
      expect((await engine.dispatch("Stop", { stop_hook_active: "yes" })).decision).toBe("block");
      expect(seen(file)).toEqual([false]);
    });

    it("passes SubagentStop's value through, also for a subagent's Stop", async () => {
      const workspace = createTestWorkspace("stop-hook-active");
      const file = workspace.path("seen.jsonl");
      const { engine } = await setup({ SubagentStop: [guard(file)] });
      const payload = { agent_id: "a", agent_type: "Plan", stop_hook_active: true };
      expect((await engine.dispatch("SubagentStop", payload)).decision).toBeNull();
      expect((await engine.dispatch("Stop", payload, { asSubagent: true })).decision).toBeNull();
      expect(seen(file)).toEqual([true, true]);
    });

    it("keeps the engine's own value in the deepagents profile, as its seed says", async () => {
      const workspace = createTestWorkspace("stop-hook-active");
      const file = workspace.path("seen.jsonl");
      const { engine } = await setup({ Stop: [guard(file)] }, "deepagents");
      expect((await engine.dispatch("Stop", { stop_hook_active: true })).decision).toBe("block");
      expect(seen(file)).toEqual([false]);
    });
  });
});
