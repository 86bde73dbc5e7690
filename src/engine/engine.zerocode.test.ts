import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { loadConfig } from "../config/load-config.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import { zerocodeProfile } from "../profiles/zerocode.js";
import { evaluateHookTrust } from "../trust/evaluate-hook-trust.js";
import { createEmptyTrustStore, writeTrustStore } from "../trust/trust-store.js";
import { recordHookTrusted } from "../trust/update-trust-store.js";
import { createHookEngine, type HookEngine } from "./engine.js";

// The ZeroCode output rules, run through real handler scripts (test/fixtures/engine/emit.sh).

const fixtures = fileURLToPath(new URL("../../test/fixtures/engine/", import.meta.url));
const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
/** A shell command running emit.sh with flags (--stdout, --stderr, --exit, --sleep, --save-stdin). */
const emit = (...args: string[]) => [join(fixtures, "emit.sh"), ...args].map(quote).join(" ");
const json = (value: unknown) => JSON.stringify(value);
const specific = (event: string, fields: Record<string, unknown>) =>
  json({ hookSpecificOutput: { hookEventName: event, ...fields } });

const engines: HookEngine[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

interface Setup {
  root: string;
  engine: HookEngine;
}

/** An engine on one explicit hooks.json (trust bypassed: these tests are about output rules). */
async function setup(hooks: Record<string, unknown[]>): Promise<Setup> {
  const root = createTestWorkspace("zerocode").root;
  const home = join(root, "home");
  mkdirSync(home);
  const file = join(root, "hooks.json");
  writeFileSync(file, json({ hooks }));
  const engine = await createHookEngine({
    profile: "zerocode",
    cwd: root,
    home,
    systemDir: join(root, "system"),
    configFiles: [file],
    bypassHookTrust: true,
    sessionId: "thr_1",
  });
  engines.push(engine);
  return { root, engine };
}

const command = (text: string, extra: Record<string, unknown> = {}) => ({
  type: "command",
  command: text,
  ...extra,
});
const group = (matcher: string | null, ...hooks: unknown[]) =>
  matcher === null ? { hooks } : { matcher, hooks };
const codes = (result: DispatchResult) => result.diagnostics.map((item) => item.code);
const statusesOf = (result: DispatchResult) => result.runs.map((run) => run.status);
/** Load diagnostics apart from the bypass warning every engine of `setup` has. */
const loadDiagnostics = (engine: HookEngine) =>
  engine.diagnostics.filter((item) => item.code !== "trust_bypassed");

describe("zerocode matchers and tool aliases", () => {
  it("reads matchers as unanchored regular expressions", async () => {
    const { engine } = await setup({
      PreToolUse: [
        group("Bash", command(emit("--stdout", "a", "--label", "1"))),
        group("^Bash$", command(emit("--stdout", "b", "--label", "2"))),
      ],
    });
    const result = await engine.dispatch("PreToolUse", { tool_name: "BashOutput", tool_input: {} });
    expect(result.runs.map((run) => run.id)).toEqual(["PreToolUse:0:0"]);
  });

  it("ignores matchers on Stop and UserPromptSubmit with a warning", async () => {
    const { engine } = await setup({
      Stop: [group("never", command(emit("--stdout", "{}")))],
      UserPromptSubmit: [group("never", command(emit("--stdout", "hi")))],
    });
    expect(engine.diagnostics.filter((item) => item.code === "matcher_ignored")).toHaveLength(2);
    expect((await engine.dispatch("Stop", {})).runs).toHaveLength(1);
    expect((await engine.dispatch("UserPromptSubmit", { prompt: "x" })).runs).toHaveLength(1);
  });

  // The seed: on UserPromptSubmit and Stop "any configured matcher is ignored", so even one that
  // is not a valid regular expression leaves its group running (a warning, never a drop).
  it.each([
    ["Stop", "["],
    ["Stop", "("],
    ["Stop", "a{2"],
    ["Stop", "Bash"],
    ["UserPromptSubmit", "["],
    ["UserPromptSubmit", "(?<"],
    ["UserPromptSubmit", "Bash"],
  ])(
    "runs a %s group whose matcher %j is ignored, in dispatch and explain",
    async (event, matcher) => {
      const { engine } = await setup({
        [event]: [group(matcher, command(emit("--stdout", "{}")))],
      });
      expect(loadDiagnostics(engine).map((item) => [item.code, item.severity, item.path])).toEqual([
        ["matcher_ignored", "warning", `hooks.${event}[0].matcher`],
      ]);
      const result = await engine.dispatch(event, { prompt: "x" });
      expect(statusesOf(result)).toEqual(["ok"]);
      const explanation = await engine.explain(event, { prompt: "x" });
      expect(explanation.entries.map((entry) => [entry.hookId, entry.verdict])).toEqual([
        [`${event}:0:0`, "would-run"],
      ]);
    },
  );

  it.each([["Stop"], ["UserPromptSubmit"]])(
    "runs a %s group whose matcher matches everything (*, empty) without a warning",
    async (event) => {
      const { engine } = await setup({
        [event]: [
          group("*", command(emit("--stdout", "{}", "--label", "star"))),
          group("", command(emit("--stdout", "{}", "--label", "empty"))),
        ],
      });
      expect(loadDiagnostics(engine)).toEqual([]);
      expect(statusesOf(await engine.dispatch(event, { prompt: "x" }))).toEqual(["ok", "ok"]);
    },
  );

  it("still drops a group whose matcher is not a valid regular expression on a matching event", async () => {
    const { engine } = await setup({ PreToolUse: [group("[", command(emit()))] });
    expect(loadDiagnostics(engine).map((item) => item.code)).toEqual(["invalid_matcher"]);
    expect((await engine.dispatch("PreToolUse", { tool_name: "Bash" })).runs).toEqual([]);
  });

  it("matches apply_patch as Edit or Write and keeps apply_patch in the payload, running once", async () => {
    const { root, engine } = await setup({
      PreToolUse: [group("^apply_patch$|^Edit$|^Write$", command(emit("--label", "x")))],
    });
    const saved = join(root, "payload.json");
    const { engine: second } = await setup({
      PreToolUse: [
        group("^Edit$", command(emit("--save-stdin", saved))),
        group("^Agent$", command(emit("--label", "agent"))),
      ],
    });
    const patch = await second.dispatch("PreToolUse", {
      tool_name: "apply_patch",
      tool_input: { command: "*** Begin Patch" },
    });
    expect(patch.runs.map((run) => run.id)).toEqual(["PreToolUse:0:0"]);
    expect(JSON.parse(readFileSync(saved, "utf8")).tool_name).toBe("apply_patch");
    const agent = await second.dispatch("PreToolUse", { tool_name: "spawn_agent", tool_input: {} });
    expect(agent.runs.map((run) => run.id)).toEqual(["PreToolUse:1:0"]);
    const once = await engine.dispatch("PreToolUse", { tool_name: "apply_patch", tool_input: {} });
    expect(once.runs).toHaveLength(1);
  });

  it("matches shell and unified-exec calls as Bash, and shows Bash in the payload", async () => {
    const { root, engine } = await setup({
      PreToolUse: [group("^Bash$", command("cat > payload.json"))],
    });
    for (const name of ["shell", "exec_command"]) {
      const result = await engine.dispatch("PreToolUse", {
        tool_name: name,
        tool_input: { command: "ls" },
      });
      expect(result.runs).toHaveLength(1);
      expect(JSON.parse(readFileSync(join(root, "payload.json"), "utf8")).tool_name).toBe("Bash");
    }
  });
});

describe("zerocode plain stdout", () => {
  it.each([
    ["SessionStart", { source: "startup" }],
    ["SubagentStart", { agent_type: "reviewer" }],
    ["UserPromptSubmit", { prompt: "hi" }],
  ])("adds plain stdout of %s as context", async (event, payload) => {
    const { engine } = await setup({
      [event]: [group(null, command(emit("--stdout", "plain note")))],
    });
    const result = await engine.dispatch(event, payload);
    expect(result.additionalContext).toEqual(["plain note"]);
    expect(result.runs[0]?.status).toBe("ok");
  });

  it.each([
    ["PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } }],
    ["PermissionRequest", { tool_name: "Bash", tool_input: { command: "ls" } }],
    ["PostToolUse", { tool_name: "Bash", tool_input: { command: "ls" }, tool_response: "" }],
    ["PreCompact", { trigger: "auto" }],
    ["PostCompact", { trigger: "manual" }],
  ])("ignores plain stdout of %s", async (event, payload) => {
    const { engine } = await setup({
      [event]: [group(null, command(emit("--stdout", "plain note")))],
    });
    const result = await engine.dispatch(event, payload);
    expect(result.additionalContext).toEqual([]);
    expect(result.runs[0]?.status).toBe("ok");
  });

  it.each([["Stop"], ["SubagentStop"]])("fails a %s run that prints plain text", async (event) => {
    const { engine } = await setup({ [event]: [group(null, command(emit("--stdout", "done")))] });
    const result = await engine.dispatch(event, { agent_type: "x" });
    expect(result.runs[0]?.status).toBe("error");
    expect(codes(result)).toContain("invalid_output");
    expect(result.decision).toBeNull();
  });
});

describe("zerocode PreToolUse", () => {
  const bash = { tool_name: "Bash", tool_input: { command: "rm -rf /" } };

  it.each([
    ["continue: false", json({ continue: false })],
    ["stopReason", json({ stopReason: "x" })],
    ["suppressOutput", json({ suppressOutput: true })],
    ["ask", specific("PreToolUse", { permissionDecision: "ask" })],
    ["legacy approve", json({ decision: "approve" })],
  ])("marks a run returning %s failed and continues the tool call", async (_name, output) => {
    const { engine } = await setup({
      PreToolUse: [
        group(null, command(emit("--stdout", output, "--label", "bad"))),
        group(
          null,
          command(emit("--stdout", specific("PreToolUse", { additionalContext: "kept" }))),
        ),
      ],
    });
    const result = await engine.dispatch("PreToolUse", bash);
    expect(result.runs.map((run) => run.status)).toEqual(["error", "ok"]);
    expect(codes(result)).toContain("unsupported_field");
    expect(result).toMatchObject({ decision: null, continue: true, additionalContext: ["kept"] });
  });

  it("denies with permissionDecision, the legacy block shape, and exit 2", async () => {
    const deny = specific("PreToolUse", {
      permissionDecision: "deny",
      permissionDecisionReason: "Destructive command blocked by hook.",
    });
    for (const handler of [
      emit("--stdout", deny),
      emit("--stdout", json({ decision: "block", reason: "Destructive command blocked by hook." })),
      emit("--stderr", "Destructive command blocked by hook.", "--exit", "2"),
    ]) {
      const { engine } = await setup({ PreToolUse: [group("^Bash$", command(handler))] });
      const result = await engine.dispatch("PreToolUse", bash);
      expect(result).toMatchObject({
        decision: "deny",
        reason: "Destructive command blocked by hook.",
      });
    }
  });

  it("returns an allowed rewrite in updatedInput", async () => {
    const rewrite = specific("PreToolUse", {
      permissionDecision: "allow",
      updatedInput: { command: "echo rewritten" },
    });
    const { engine } = await setup({
      PreToolUse: [group(null, command(emit("--stdout", rewrite)))],
    });
    const result = await engine.dispatch("PreToolUse", bash);
    expect(result).toMatchObject({
      decision: "allow",
      updatedInput: { command: "echo rewritten" },
    });
  });

  it.each([
    [
      "Bash without a string command",
      "Bash",
      { permissionDecision: "allow", updatedInput: { cmd: "x" } },
    ],
    [
      "apply_patch without a command",
      "apply_patch",
      { permissionDecision: "allow", updatedInput: {} },
    ],
    ["a rewrite without allow", "mcp__fs__write", { updatedInput: { path: "/x" } }],
    [
      "a rewrite that is not an object",
      "mcp__fs__write",
      { permissionDecision: "allow", updatedInput: "x" },
    ],
  ])("reports %s as an error and applies nothing", async (_name, tool, fields) => {
    const { engine } = await setup({
      PreToolUse: [group(null, command(emit("--stdout", specific("PreToolUse", fields))))],
    });
    const result = await engine.dispatch("PreToolUse", { tool_name: tool, tool_input: {} });
    expect(result.runs[0]?.status).toBe("error");
    expect(result).toMatchObject({ decision: null, updatedInput: null });
    expect(codes(result)).toContain("invalid_output");
  });

  // The seed: "Return updatedInput only with permissionDecision: allow; other updatedInput shapes
  // are reported as errors": the run fails, its output is discarded and it decides nothing.
  it.each([
    ["deny", { permissionDecision: "deny", updatedInput: { command: "ls -la" } }, {}],
    [
      "deny with a reason and context",
      {
        permissionDecision: "deny",
        permissionDecisionReason: "no",
        additionalContext: "x",
        updatedInput: { command: "ls -la" },
      },
      {},
    ],
    ["the legacy block", { updatedInput: { command: "ls -la" } }, { decision: "block" }],
    ["ask", { permissionDecision: "ask", updatedInput: { command: "ls -la" } }, {}],
    ["no decision", { updatedInput: { command: "ls -la" } }, {}],
    ["allow, but not an object", { permissionDecision: "allow", updatedInput: "ls -la" }, {}],
    ["allow, but null", { permissionDecision: "allow", updatedInput: null }, {}],
  ])("fails a Bash rewrite with %s", async (_name, fields, topLevel) => {
    const output = json({
      ...topLevel,
      hookSpecificOutput: { hookEventName: "PreToolUse", ...fields },
    });
    const { engine } = await setup({
      PreToolUse: [group(null, command(emit("--stdout", output)))],
    });
    const result = await engine.dispatch("PreToolUse", bash);
    expect(statusesOf(result)).toEqual(["error"]);
    expect(result).toMatchObject({
      decision: null,
      reason: null,
      updatedInput: null,
      additionalContext: [],
    });
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({ code: "invalid_output", severity: "error" }),
    );
  });

  it("lets a deny from another handler stand beside a failed deny-with-rewrite", async () => {
    const broken = specific("PreToolUse", { permissionDecision: "deny", updatedInput: {} });
    const valid = specific("PreToolUse", {
      permissionDecision: "deny",
      permissionDecisionReason: "no",
    });
    const { engine } = await setup({
      PreToolUse: [
        group(null, command(emit("--stdout", broken)), command(emit("--stdout", valid))),
      ],
    });
    const result = await engine.dispatch("PreToolUse", bash);
    expect(statusesOf(result)).toEqual(["error", "blocked"]);
    expect(result).toMatchObject({ decision: "deny", reason: "no", updatedInput: null });
  });

  it("fails a deny that carries a rewrite: no decision, its output discarded", async () => {
    const fields = { permissionDecision: "deny", permissionDecisionReason: "no", updatedInput: {} };
    const { engine } = await setup({
      PreToolUse: [group(null, command(emit("--stdout", specific("PreToolUse", fields))))],
    });
    const result = await engine.dispatch("PreToolUse", {
      tool_name: "mcp__fs__write",
      tool_input: {},
    });
    expect(result.runs[0]?.status).toBe("error");
    expect(result).toMatchObject({ decision: null, reason: null, updatedInput: null });
    expect(codes(result)).toContain("invalid_output");
  });

  it("takes MCP rewrites as the replacement arguments object", async () => {
    const rewrite = specific("PreToolUse", {
      permissionDecision: "allow",
      updatedInput: { path: "/safe" },
    });
    const { engine } = await setup({
      PreToolUse: [group("mcp__fs__.*", command(emit("--stdout", rewrite)))],
    });
    const result = await engine.dispatch("PreToolUse", {
      tool_name: "mcp__fs__write",
      tool_input: { path: "/etc" },
    });
    expect(result.updatedInput).toEqual({ path: "/safe" });
  });
});

describe("zerocode PermissionRequest", () => {
  const request = {
    tool_name: "Bash",
    tool_input: { command: "sudo ls", description: "escalate" },
  };
  const decide = (decision: Record<string, unknown>) =>
    command(
      emit("--stdout", specific("PermissionRequest", { decision }), "--label", json(decision)),
    );

  it("lets any deny win, else an allow, else no decision", async () => {
    const both = await setup({
      PermissionRequest: [
        group(
          null,
          decide({ behavior: "allow" }),
          decide({ behavior: "deny", message: "Blocked by repository policy." }),
        ),
      ],
    });
    expect(await both.engine.dispatch("PermissionRequest", request)).toMatchObject({
      decision: "deny",
      reason: "Blocked by repository policy.",
    });
    const allow = await setup({ PermissionRequest: [group(null, decide({ behavior: "allow" }))] });
    expect((await allow.engine.dispatch("PermissionRequest", request)).decision).toBe("allow");
    const none = await setup({ PermissionRequest: [group(null, command(emit()))] });
    expect((await none.engine.dispatch("PermissionRequest", request)).decision).toBeNull();
  });

  it.each([
    ["updatedInput", { decision: { behavior: "allow", updatedInput: { command: "ls" } } }],
    ["updatedPermissions", { decision: { behavior: "allow", updatedPermissions: [] } }],
    ["interrupt", { decision: { behavior: "allow", interrupt: true } }],
    ["a top-level updatedInput", { decision: { behavior: "allow" }, updatedInput: {} }],
  ])("fails closed on the reserved field %s", async (_name, fields) => {
    const { engine } = await setup({
      PermissionRequest: [
        group(null, command(emit("--stdout", specific("PermissionRequest", fields)))),
      ],
    });
    const result = await engine.dispatch("PermissionRequest", request);
    expect(result.decision).toBe("deny");
    expect(result.reason).toMatch(/fail closed/);
    expect(codes(result)).toContain("unsupported_field");
  });
});

describe("zerocode PostToolUse, Stop, compaction and subagents", () => {
  const tool = { tool_name: "Bash", tool_input: { command: "make" }, tool_response: "ok" };

  it("returns a PostToolUse block (JSON or exit 2) as decision block with the feedback", async () => {
    const blocked = json({
      decision: "block",
      reason: "The Bash output needs review before continuing.",
      hookSpecificOutput: {
        hookEventName: "PostToolUse",
        additionalContext: "The command updated generated files.",
      },
    });
    const viaJson = await setup({
      PostToolUse: [group("^Bash$", command(emit("--stdout", blocked)))],
    });
    expect(await viaJson.engine.dispatch("PostToolUse", tool)).toMatchObject({
      decision: "block",
      reason: "The Bash output needs review before continuing.",
      additionalContext: ["The command updated generated files."],
    });
    const viaExit = await setup({
      PostToolUse: [group(null, command(emit("--stderr", "needs review", "--exit", "2")))],
    });
    expect(await viaExit.engine.dispatch("PostToolUse", tool)).toMatchObject({
      decision: "block",
      reason: "needs review",
    });
  });

  it("stops normal processing of a PostToolUse result on continue: false, and fails updatedMCPToolOutput", async () => {
    const { engine } = await setup({
      PostToolUse: [
        group(null, command(emit("--stdout", json({ continue: false, stopReason: "replaced" })))),
        group(
          null,
          command(
            emit("--stdout", specific("PostToolUse", { updatedMCPToolOutput: {} }), "--label", "2"),
          ),
        ),
      ],
    });
    const result = await engine.dispatch("PostToolUse", tool);
    expect(result).toMatchObject({ continue: false, stopReason: "replaced" });
    expect(result.runs.map((run) => run.status)).toEqual(["ok", "error"]);
  });

  it("keeps a turn going on a Stop block, unless any Stop hook returns continue: false", async () => {
    const block = json({ decision: "block", reason: "Run one more pass over the failing tests." });
    const alone = await setup({ Stop: [group(null, command(emit("--stdout", block)))] });
    expect(await alone.engine.dispatch("Stop", {})).toMatchObject({
      decision: "block",
      reason: "Run one more pass over the failing tests.",
    });
    const stopped = await setup({
      Stop: [
        group(null, command(emit("--stdout", block))),
        group(
          null,
          command(
            emit("--stdout", json({ continue: false, stopReason: "enough" }), "--label", "2"),
          ),
        ),
      ],
    });
    expect(await stopped.engine.dispatch("Stop", {})).toMatchObject({
      decision: null,
      continue: false,
      stopReason: "enough",
    });
  });

  it("sets stop_hook_active after a Stop block and has no continuation cap", async () => {
    const { root, engine } = await setup({
      Stop: [
        group(
          null,
          command(
            emit(
              "--stdout",
              json({ decision: "block", reason: "again" }),
              "--save-stdin",
              "stop.json",
            ),
          ),
        ),
      ],
    });
    const actives: boolean[] = [];
    for (let index = 0; index < 10; index += 1) {
      const result = await engine.dispatch("Stop", {});
      expect(result.decision).toBe("block");
      actives.push(JSON.parse(readFileSync(join(root, "stop.json"), "utf8")).stop_hook_active);
    }
    expect(actives).toEqual([false, ...Array(9).fill(true)]);
  });

  it.each([["PreCompact"], ["PostCompact"]])("stops on continue: false from %s", async (event) => {
    const { engine } = await setup({
      [event]: [
        group("^auto$", command(emit("--stdout", json({ continue: false, stopReason: "no" })))),
      ],
    });
    expect(await engine.dispatch(event, { trigger: "auto" })).toMatchObject({
      continue: false,
      stopReason: "no",
    });
    expect((await engine.dispatch(event, { trigger: "manual" })).runs).toHaveLength(0);
  });

  it("parses continue: false from SubagentStart without stopping the subagent", async () => {
    const output = json({
      continue: false,
      systemMessage: "seen",
      hookSpecificOutput: {
        hookEventName: "SubagentStart",
        additionalContext: "Review the tests first.",
      },
    });
    const { engine } = await setup({
      SubagentStart: [group(null, command(emit("--stdout", output)))],
    });
    const result = await engine.dispatch("SubagentStart", {
      agent_type: "reviewer",
      agent_id: "a1",
    });
    expect(result).toMatchObject({
      continue: true,
      systemMessages: ["seen"],
      additionalContext: ["Review the tests first."],
    });
    expect(codes(result)).toContain("unsupported_field");
  });

  it("blocks a prompt from UserPromptSubmit and continues a subagent from SubagentStop", async () => {
    const block = json({ decision: "block", reason: "Ask for confirmation before doing that." });
    const prompt = await setup({
      UserPromptSubmit: [group(null, command(emit("--stdout", block)))],
    });
    expect(await prompt.engine.dispatch("UserPromptSubmit", { prompt: "drop db" })).toMatchObject({
      decision: "block",
    });
    const subagent = await setup({
      SubagentStop: [group(null, command(emit("--stderr", "one more pass", "--exit", "2")))],
    });
    expect(await subagent.engine.dispatch("SubagentStop", { agent_type: "x" })).toMatchObject({
      decision: "block",
      reason: "one more pass",
    });
  });

  it("times out a SessionEnd hook after the one-second default", async () => {
    const { engine } = await setup({ SessionEnd: [group(null, command(emit("--sleep", "5")))] });
    const result = await engine.dispatch("SessionEnd", { reason: "other" });
    expect(result.runs[0]?.status).toBe("timeout");
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({ code: "timeout", message: expect.stringContaining("1 s") }),
    );
  });
});

describe("zerocode spilling of large additionalContext", () => {
  const context = (text: string) =>
    specific("SessionStart", { additionalContext: text }).replaceAll("'", "'\\''");
  // Spills go to $TMPDIR/hook_outputs: each test points TMPDIR at its own root, removed afterwards.
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("spills context above the default 2,500-token limit to a 0600 file and sends a preview", async () => {
    const large = `HEAD ${"x".repeat(20_000)} TAIL`;
    const { root, engine } = await setup({
      SessionStart: [group(null, command(`printf '%s' '${context(large)}'`))],
    });
    vi.stubEnv("TMPDIR", root);
    const result = await engine.dispatch("SessionStart", { source: "startup" });
    const preview = result.additionalContext[0] ?? "";
    expect(Buffer.byteLength(preview)).toBeLessThanOrEqual(2_500 * 4);
    expect(preview).toMatch(/^HEAD /);
    expect(preview).toMatch(/ TAIL$/);
    const file = /(\/\S+\.txt)/.exec(preview)?.[1] ?? "";
    expect(file).toContain(join(root, "hook_outputs", "thr_1"));
    expect(readFileSync(file, "utf8")).toBe(large);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("follows a handler's additionalContextLimit, and 0 never spills", async () => {
    const text = "y".repeat(3_000);
    const { root, engine } = await setup({
      SessionStart: [
        group(null, command(`printf '%s' '${context(text)}'`, { additionalContextLimit: 500 })),
        group(null, command(`printf '%s' '${context(text)}' #`, { additionalContextLimit: 0 })),
      ],
    });
    vi.stubEnv("TMPDIR", root);
    const result = await engine.dispatch("SessionStart", { source: "startup" });
    expect(Buffer.byteLength(result.additionalContext[0] ?? "")).toBeLessThanOrEqual(2_000);
    expect(result.additionalContext[0]).toMatch(/hook_outputs/);
    expect(result.additionalContext[1]).toBe(text);
  });

  it("says which handler's context could not be spilled (spill_failed at its file and path)", async () => {
    const { root, engine } = await setup({
      SessionStart: [group(null, command(`printf '%s' '${context("z".repeat(20_000))}'`))],
    });
    // A regular file where the spill directory would be: nothing can be saved under it.
    writeFileSync(join(root, "not-a-directory"), "");
    vi.stubEnv("TMPDIR", join(root, "not-a-directory"));
    const result = await engine.dispatch("SessionStart", { source: "startup" });
    const diagnostic = result.diagnostics.find((item) => item.code === "spill_failed");
    expect(diagnostic?.file).toMatch(/hooks\.json$/);
    expect(diagnostic?.path).toBe("hooks.SessionStart[0].hooks[0]");
  });

  it("warns that additionalContextLimit is ignored on an event that cannot add context", async () => {
    const { engine } = await setup({
      PreCompact: [group(null, command("true", { additionalContextLimit: 100 }))],
    });
    expect(engine.diagnostics).toContainEqual(
      expect.objectContaining({ code: "unsupported_field", severity: "warning" }),
    );
  });
});

describe("zerocode hook trust in the engine", () => {
  async function trustedSetup() {
    const root = createTestWorkspace("trust").root;
    const home = join(root, "home");
    mkdirSync(join(home, ".zerotwo"), { recursive: true });
    const script = join(root, "guard.sh");
    writeFileSync(
      script,
      `#!/usr/bin/env bash\ncat >/dev/null\necho '${specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "original" })}'\n`,
    );
    const file = join(home, ".zerotwo", "hooks.json");
    writeFileSync(file, json({ hooks: { PreToolUse: [group(null, command(`bash ${script}`))] } }));
    const options = {
      profile: "zerocode" as const,
      cwd: root,
      home,
      systemDir: join(root, "system"),
    };
    return { root, home, script, options };
  }

  it("skips an untrusted hook with hook_untrusted naming the trust command, then runs it once trusted", async () => {
    const { home, options } = await trustedSetup();
    const untrusted = await createHookEngine(options);
    engines.push(untrusted);
    expect(untrusted.diagnostics.map((item) => item.code)).toContain("hooks_need_review");
    const skipped = await untrusted.dispatch("PreToolUse", { tool_name: "Bash", tool_input: {} });
    expect(skipped.runs[0]?.status).toBe("skipped");
    const diagnostic = skipped.diagnostics.find((item) => item.code === "hook_untrusted");
    expect(diagnostic?.message).toMatch(/agent-hooks hooks trust [0-9a-f]{12} --profile zerocode/);

    const inventory = await evaluateHookTrust(
      (await loadConfig(zerocodeProfile, { home, cwd: options.cwd, systemDir: options.systemDir }))
        .definitions,
      createEmptyTrustStore(),
      { cwd: options.cwd, home },
    );
    let store = createEmptyTrustStore();
    for (const [definition, trust] of inventory)
      store = recordHookTrusted(store, { definition, trust });
    expect(await writeTrustStore(join(home, ".zerotwo", "hooks-trust.json"), store)).toEqual({
      ok: true,
    });

    const trusted = await createHookEngine(options);
    engines.push(trusted);
    expect(trusted.diagnostics.map((item) => item.code)).not.toContain("hooks_need_review");
    expect(
      await trusted.dispatch("PreToolUse", { tool_name: "Bash", tool_input: {} }),
    ).toMatchObject({
      decision: "deny",
      reason: "original",
    });
  });

  it("refuses a trusted hook whose script was swapped after the engine loaded", async () => {
    const { home, script, options } = await trustedSetup();
    const definitions = (
      await loadConfig(zerocodeProfile, { home, cwd: options.cwd, systemDir: options.systemDir })
    ).definitions;
    const inventory = await evaluateHookTrust(definitions, createEmptyTrustStore(), {
      cwd: options.cwd,
      home,
    });
    let store = createEmptyTrustStore();
    for (const [definition, trust] of inventory)
      store = recordHookTrusted(store, { definition, trust });
    await writeTrustStore(join(home, ".zerotwo", "hooks-trust.json"), store);
    const engine = await createHookEngine(options);
    engines.push(engine);
    writeFileSync(script, "#!/usr/bin/env bash\necho '{}'\n");
    const result = await engine.dispatch("PreToolUse", { tool_name: "Bash", tool_input: {} });
    expect(result.runs[0]?.status).toBe("skipped");
    expect(result.diagnostics.map((item) => item.code)).toContain("hook_modified");
    expect(result.decision).toBeNull();
  });

  it("runs untrusted hooks with bypassHookTrust, for that engine only", async () => {
    const { options } = await trustedSetup();
    const bypassed = await createHookEngine({ ...options, bypassHookTrust: true });
    engines.push(bypassed);
    expect(bypassed.diagnostics.map((item) => item.code)).toContain("trust_bypassed");
    expect(
      (await bypassed.dispatch("PreToolUse", { tool_name: "Bash", tool_input: {} })).decision,
    ).toBe("deny");
    const normal = await createHookEngine(options);
    engines.push(normal);
    expect(
      (await normal.dispatch("PreToolUse", { tool_name: "Bash", tool_input: {} })).decision,
    ).toBeNull();
  });
});

describe("zerocode suppressOutput", () => {
  it("is accepted without effect on events with the common output, and fails a PostToolUse run", async () => {
    const quiet = json({
      suppressOutput: false,
      hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "kept" },
    });
    const start = await setup({ SessionStart: [group(null, command(emit("--stdout", quiet)))] });
    const started = await start.engine.dispatch("SessionStart", { source: "startup" });
    expect(started).toMatchObject({ additionalContext: ["kept"], runs: [{ status: "ok" }] });
    const post = await setup({
      PostToolUse: [group(null, command(emit("--stdout", json({ suppressOutput: true }))))],
    });
    const posted = await post.engine.dispatch("PostToolUse", {
      tool_name: "Bash",
      tool_input: {},
      tool_response: "",
    });
    expect(posted.runs[0]?.status).toBe("error");
  });
});

// "Matching hooks from multiple files all run" and "higher-precedence config layers don't replace
// lower-precedence hooks": ZeroCode merges no copies, in one file or across layers.
describe("zerocode identical hooks", () => {
  /** `count-run.sh FILE`: one line in FILE per run. */
  const count = (file: string) => [join(fixtures, "count-run.sh"), file].map(quote).join(" ");
  const countLines = (file: string) =>
    readFileSync(file, "utf8").split("\n").filter(Boolean).length;

  /** A new temporary folder for a run log, removed after the tests. */
  const createLogFolder = () => {
    const folder = createTestWorkspace("zerocode-runs").root;
    return folder;
  };

  it("runs the same command twice in one group and again in another group", async () => {
    const log = join(createLogFolder(), "runs.log");
    const { engine } = await setup({
      Stop: [
        group(null, command(count(log)), command(count(log))),
        group(null, command(count(log))),
      ],
    });
    expect(loadDiagnostics(engine)).toEqual([]);
    const result = await engine.dispatch("Stop", {});
    expect(statusesOf(result)).toEqual(["ok", "ok", "ok"]);
    expect(result.diagnostics).toEqual([]);
    expect(countLines(log)).toBe(3);
  });

  /**
   * A system, user, trusted project and managed layer, each with `hooks`: system and user
   * `hooks.json`, project `.zerotwo/hooks.json`, managed `requirements.toml` `[hooks]` (TOML).
   */
  async function setupLayers(layers: {
    system?: unknown[];
    user?: unknown[];
    project?: unknown[];
    managed?: string;
  }) {
    const root = createTestWorkspace("zerocode-layers").root;
    const home = join(root, "home");
    const system = join(root, "system");
    const project = join(root, "project");
    for (const folder of [
      join(home, ".zerotwo"),
      system,
      join(project, ".zerotwo"),
      join(project, ".git"),
    ]) {
      mkdirSync(folder, { recursive: true });
    }
    writeFileSync(
      join(home, ".zerotwo", "config.toml"),
      `[projects.${JSON.stringify(project)}]\ntrust_level = "trusted"\n`,
    );
    const hooksFile = (groups: unknown[] | undefined, file: string) => {
      if (groups !== undefined)
        writeFileSync(file, json({ hooks: { PreToolUse: groups, Stop: groups } }));
    };
    hooksFile(layers.system, join(system, "hooks.json"));
    hooksFile(layers.user, join(home, ".zerotwo", "hooks.json"));
    hooksFile(layers.project, join(project, ".zerotwo", "hooks.json"));
    if (layers.managed !== undefined)
      writeFileSync(join(system, "requirements.toml"), layers.managed);
    const engine = await createHookEngine({
      profile: "zerocode",
      cwd: project,
      home,
      systemDir: system,
      bypassHookTrust: true,
      sessionId: "thr_1",
    });
    engines.push(engine);
    return engine;
  }

  /** A `requirements.toml` with one managed handler for `event`. */
  const managedToml = (event: string, text: string) =>
    [
      `[[hooks.${event}]]`,
      "",
      `[[hooks.${event}.hooks]]`,
      'type = "command"',
      `command = ${JSON.stringify(text)}`,
      "",
    ].join("\n");

  it("runs the same command from the system, user, project and managed layers, in dispatch and explain", async () => {
    const runs = join(createLogFolder(), "runs.log");
    const same = [group(null, command(count(runs)))];
    const engine = await setupLayers({
      system: same,
      user: same,
      project: same,
      managed: managedToml("Stop", count(runs)),
    });
    expect(engine.diagnostics.filter((item) => item.severity === "error")).toEqual([]);
    const result = await engine.dispatch("Stop", {});
    expect(
      result.runs.map((run) => [
        run.source.includes("requirements") ? "managed" : "other",
        run.status,
      ]),
    ).toEqual([
      ["other", "ok"],
      ["other", "ok"],
      ["other", "ok"],
      ["managed", "ok"],
    ]);
    expect(result.diagnostics.map((item) => item.code)).not.toContain("duplicate_handler");
    expect(countLines(runs)).toBe(4);
    const explanation = await engine.explain("Stop", {});
    expect(
      explanation.entries
        .filter((entry) => entry.event === "Stop")
        .map((entry) => [entry.layer, entry.verdict]),
    ).toEqual([
      ["system", "would-run"],
      ["user", "would-run"],
      ["project", "would-run"],
      ["managed", "would-run"],
    ]);
  });

  // The attack: a user-layer copy of the managed command with a 1 ms timeout must not replace
  // the managed hook (whose deny then vanished with the timed-out copy).
  it("keeps a managed deny when a lower layer holds a copy of its command with a tiny timeout", async () => {
    const deny = emit(
      "--sleep",
      "0.2",
      "--stdout",
      specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "policy" }),
    );
    const copy = [group("^Bash$", command(deny, { timeout: 0.001 }))];
    const engine = await setupLayers({
      user: copy,
      project: copy,
      managed: managedToml("PreToolUse", deny),
    });
    const result = await engine.dispatch("PreToolUse", {
      tool_name: "Bash",
      tool_input: { command: "ls" },
    });
    expect(statusesOf(result)).toEqual(["timeout", "timeout", "blocked"]);
    expect(result).toMatchObject({ decision: "deny", reason: "policy" });
    const explanation = await engine.explain("PreToolUse", { tool_name: "Bash", tool_input: {} });
    expect(
      explanation.entries
        .filter((entry) => entry.event === "PreToolUse")
        .map((entry) => entry.verdict),
    ).toEqual(["would-run", "would-run", "would-run"]);
  });
});
