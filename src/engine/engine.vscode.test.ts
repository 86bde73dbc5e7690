import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { loadConfig } from "../config/load-config.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import { vscodeProfile } from "../profiles/vscode.js";
import { createHookEngine, type HookEngine } from "./engine.js";

// The VS Code Local harness, run through real handler scripts (test/fixtures/engine/emit.sh and
// test/fixtures/vscode/scripts).

const engineFixtures = fileURLToPath(new URL("../../test/fixtures/engine/", import.meta.url));
const vscodeScripts = fileURLToPath(
  new URL("../../test/fixtures/vscode/scripts/", import.meta.url),
);
const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
/** A shell command running emit.sh with flags (--stdout, --stderr, --exit, --sleep, --save-stdin). */
const emit = (...args: string[]) => [join(engineFixtures, "emit.sh"), ...args].map(quote).join(" ");
const json = (value: unknown) => JSON.stringify(value);
const specific = (event: string, fields: Record<string, unknown>) =>
  json({ hookSpecificOutput: { hookEventName: event, ...fields } });
/** A native Local entry. */
const entry = (command: string, extra: Record<string, unknown> = {}) => ({
  type: "command",
  command,
  ...extra,
});
/** A Claude-format matcher group. */
const group = (matcher: string | null, ...commands: string[]) => ({
  ...(matcher === null ? {} : { matcher }),
  hooks: commands.map((command) => ({ type: "command", command })),
});
const codes = (result: DispatchResult) => result.diagnostics.map((item) => item.code);
const permission = (decision: string, reason = decision) =>
  specific("PreToolUse", { permissionDecision: decision, permissionDecisionReason: reason });

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

interface Setup {
  root: string;
  file: string;
  engine: HookEngine;
}

/** An engine on one explicit hook file holding `document`, with the workspace at `root`. */
async function setup(document: Record<string, unknown>): Promise<Setup> {
  const root = createTestWorkspace("vscode").root;
  const home = join(root, "home");
  mkdirSync(home);
  const file = join(root, "hooks.json");
  writeFileSync(file, json(document));
  const engine = await createHookEngine({
    profile: "vscode",
    cwd: root,
    home,
    configFiles: [file],
    sessionId: "session-1",
  });
  engines.push(engine);
  return { root, file, engine };
}

const bash = { tool_name: "run_in_terminal", tool_input: { command: "ls" }, tool_use_id: "t1" };

describe("vscode PreToolUse decisions", () => {
  // One order end to end; all four are pure cases in decide/apply-session-rules.test.ts.
  const orders = [["allow", "ask", "deny"]];
  it.each(orders)("deny wins over ask and allow (%s, %s, %s)", async (...decisions) => {
    const { engine } = await setup({
      hooks: {
        PreToolUse: decisions.map((decision) => entry(emit("--stdout", permission(decision)))),
      },
    });
    const result = await engine.dispatch("PreToolUse", bash);
    expect(result.decision).toBe("deny");
    expect(result.reason).toBe("deny");
    expect(result.runs.map((run) => run.id)).toEqual([
      "PreToolUse:0:0",
      "PreToolUse:1:0",
      "PreToolUse:2:0",
    ]);
  });

  it("ask wins over allow", async () => {
    const { engine } = await setup({
      hooks: {
        PreToolUse: [
          entry(emit("--stdout", permission("allow"))),
          entry(emit("--stdout", permission("ask", "confirm this"))),
        ],
      },
    });
    const result = await engine.dispatch("PreToolUse", bash);
    expect([result.decision, result.reason]).toEqual(["ask", "confirm this"]);
  });

  it("exit 2 denies with stderr as the reason for the model", async () => {
    const { engine } = await setup({
      hooks: {
        PreToolUse: [
          entry(emit("--stdout", permission("allow"))),
          entry(emit("--stderr", "rm is blocked by policy", "--exit", "2")),
        ],
      },
    });
    const result = await engine.dispatch("PreToolUse", bash);
    expect([result.decision, result.reason]).toEqual(["deny", "rm is blocked by policy"]);
    expect(result.runs.map((run) => run.status)).toEqual(["ok", "blocked"]);
  });

  it("continue: false stops the run even though another hook allowed the call", async () => {
    const { engine } = await setup({
      hooks: {
        PreToolUse: [
          entry(emit("--stdout", permission("allow"))),
          entry(
            emit(
              "--stdout",
              json({
                continue: false,
                stopReason: "Security policy violation",
                systemMessage: "Check",
              }),
            ),
          ),
        ],
      },
    });
    const result = await engine.dispatch("PreToolUse", bash);
    expect(result).toMatchObject({
      decision: null,
      continue: false,
      stopReason: "Security policy violation",
      systemMessages: ["Check"],
    });
    expect(codes(result)).toContain("decision_overridden");
  });

  it("another non-zero exit is a warning that decides nothing", async () => {
    const { engine } = await setup({
      hooks: { PreToolUse: [entry(emit("--stderr", "oops", "--exit", "1"))] },
    });
    const result = await engine.dispatch("PreToolUse", bash);
    expect(result.decision).toBeNull();
    expect(result.runs[0]?.status).toBe("error");
    expect(codes(result)).toEqual(["nonzero_exit"]);
  });

  it("passes additionalContext and the common input on stdin", async () => {
    const { root, engine } = await setup({
      hooks: {
        PreToolUse: [
          entry(
            emit(
              "--save-stdin",
              "payload.json",
              "--stdout",
              specific("PreToolUse", { additionalContext: "Production files are read-only." }),
            ),
          ),
        ],
      },
    });
    const result = await engine.dispatch("PreToolUse", bash);
    expect(result.additionalContext).toEqual(["Production files are read-only."]);
    const payload = JSON.parse(readFileSync(join(root, "payload.json"), "utf8"));
    expect(payload).toMatchObject({
      hook_event_name: "PreToolUse",
      session_id: "session-1",
      cwd: root,
      transcript_path: null,
      tool_name: "run_in_terminal",
      tool_input: { command: "ls" },
      tool_use_id: "t1",
    });
    expect(new Date(payload.timestamp).toISOString()).toBe(payload.timestamp);
  });
});

describe("vscode updatedInput needs the tool's input schema", () => {
  const rewrite = permission("allow");
  const rewriting = () =>
    setup({
      hooks: {
        PreToolUse: [
          entry(
            emit(
              "--stdout",
              specific("PreToolUse", {
                permissionDecision: "allow",
                updatedInput: { command: "ls -la" },
              }),
            ),
          ),
        ],
      },
    });
  const schema = {
    type: "object",
    properties: { command: { type: "string" }, explanation: { type: "string" } },
    required: ["command"],
    additionalProperties: false,
  };

  it("applies a rewrite that matches the schema passed with the dispatch", async () => {
    const { engine } = await rewriting();
    const result = await engine.dispatch("PreToolUse", bash, { toolInputSchema: schema });
    expect(result.decision).toBe("allow");
    expect(result.updatedInput).toEqual({ command: "ls -la" });
  });

  it("drops the rewrite with a diagnostic when no schema or validator is passed", async () => {
    const { engine } = await rewriting();
    const result = await engine.dispatch("PreToolUse", bash);
    expect(result.decision).toBe("allow");
    expect(result.updatedInput).toBeNull();
    expect(codes(result)).toContain("invalid_output");
  });

  it("drops the rewrite when the host's validator rejects it", async () => {
    const { engine } = await rewriting();
    const result = await engine.dispatch("PreToolUse", bash, { validateToolInput: () => false });
    expect(result.updatedInput).toBeNull();
    expect(codes(result)).toContain("invalid_output");
    const accepted = await engine.dispatch("PreToolUse", bash, { validateToolInput: () => true });
    expect(accepted.updatedInput).toEqual({ command: "ls -la" });
    expect(rewrite).toContain("allow");
  });
});

describe("vscode Stop and SubagentStop", () => {
  it("reads Stop's block from hookSpecificOutput.decision / reason", async () => {
    const { engine } = await setup({
      hooks: {
        Stop: [
          entry(
            emit(
              "--stdout",
              specific("Stop", {
                decision: "block",
                reason: "Run the test suite before finishing.",
              }),
            ),
          ),
        ],
      },
    });
    const result = await engine.dispatch("Stop", { stop_hook_active: false });
    expect([result.decision, result.reason]).toEqual([
      "block",
      "Run the test suite before finishing.",
    ]);
  });

  it("ignores a top-level decision on Stop, with a diagnostic", async () => {
    const { engine } = await setup({
      hooks: { Stop: [entry(emit("--stdout", json({ decision: "block", reason: "top level" })))] },
    });
    const result = await engine.dispatch("Stop", {});
    expect(result.decision).toBeNull();
    expect(codes(result)).toEqual(["invalid_output"]);
  });

  it("blocks Stop on exit 2 with stderr as the reason", async () => {
    const { engine } = await setup({
      hooks: { Stop: [entry(emit("--stderr", "tests fail", "--exit", "2"))] },
    });
    const result = await engine.dispatch("Stop", {});
    expect([result.decision, result.reason]).toEqual(["block", "tests fail"]);
  });

  it("reads SubagentStop's block at the top level", async () => {
    const { engine } = await setup({
      hooks: {
        SubagentStop: [
          entry(emit("--stdout", json({ decision: "block", reason: "Verify the results." }))),
        ],
      },
    });
    const result = await engine.dispatch("SubagentStop", {
      agent_id: "subagent-456",
      agent_type: "Plan",
      stop_hook_active: false,
    });
    expect([result.decision, result.reason]).toEqual(["block", "Verify the results."]);
  });

  it("dispatches a custom agent's Stop as SubagentStop when it runs as a subagent", async () => {
    const { engine } = await setup({
      hooks: {
        Stop: [entry(emit("--label", "stop", "--stdout", specific("Stop", { decision: "block" })))],
        SubagentStop: [entry(emit("--stdout", json({ decision: "block", reason: "subagent" })))],
      },
    });
    const result = await engine.dispatch(
      "Stop",
      { agent_id: "a1", agent_type: "reviewer" },
      { asSubagent: true },
    );
    expect(result.event).toBe("SubagentStop");
    expect(result.runs.map((run) => run.id)).toEqual(["SubagentStop:0:0"]);
    expect([result.decision, result.reason]).toEqual(["block", "subagent"]);
  });
});

describe("vscode matchers and formats", () => {
  it("honours Claude-format matchers: a hook for Edit does not fire on Bash", async () => {
    const { engine } = await setup({
      hooks: {
        PreToolUse: [
          group("Edit", emit("--label", "edit", "--stdout", permission("deny", "no edits"))),
          group(null, emit("--label", "all")),
        ],
      },
    });
    const onBash = await engine.dispatch("PreToolUse", { tool_name: "Bash", tool_input: {} });
    expect(onBash.runs.map((run) => run.id)).toEqual(["PreToolUse:1:0"]);
    expect(onBash.decision).toBeNull();
    const onEdit = await engine.dispatch("PreToolUse", { tool_name: "Edit", tool_input: {} });
    expect(onEdit.runs.map((run) => run.id)).toEqual(["PreToolUse:0:0", "PreToolUse:1:0"]);
    expect(onEdit.decision).toBe("deny");
  });

  it("matches Local tool names against the Claude names they stand for", async () => {
    const { engine } = await setup({
      hooks: { PreToolUse: [group("Bash", emit("--label", "bash"))] },
    });
    const local = await engine.dispatch("PreToolUse", bash);
    expect(local.runs.map((run) => run.id)).toEqual(["PreToolUse:0:0"]);
    const edit = await engine.dispatch("PreToolUse", { tool_name: "create_file", tool_input: {} });
    expect(edit.runs).toEqual([]);
  });

  it("runs Copilot CLI entries: agentStop as Stop, the bash command on POSIX", async () => {
    const { engine } = await setup({
      version: 1,
      hooks: {
        agentStop: [
          { type: "command", bash: emit("--stderr", "keep going", "--exit", "2"), timeoutSec: 5 },
        ],
      },
    });
    expect(engine.diagnostics).toEqual([]);
    const result = await engine.dispatch("Stop", {});
    expect([result.decision, result.reason]).toEqual(["block", "keep going"]);
    expect(result.runs[0]?.path).toBe("hooks.agentStop[0]");
  });

  it("gives a handler its entry's env and runs it in the entry's cwd under the workspace", async () => {
    const script = join(vscodeScripts, "report-environment.sh");
    const { root, engine } = await setup({
      hooks: {
        SessionStart: [entry(quote(script), { cwd: "tools", env: { AUDIT_LEVEL: "strict" } })],
      },
    });
    mkdirSync(join(root, "tools"));
    const result = await engine.dispatch("SessionStart", { source: "new" });
    expect(result.diagnostics).toEqual([]);
    expect(result.additionalContext).toEqual([
      `cwd=${join(root, "tools")} level=strict event=SessionStart`,
    ]);
  });
});

describe("vscode output per event", () => {
  it("takes plain stdout as context on UserPromptSubmit and SessionStart", async () => {
    const { engine } = await setup({
      hooks: {
        UserPromptSubmit: [entry(emit("--stdout", "Project: my-app"))],
        SessionStart: [entry(emit("--stdout", "Branch: main"))],
      },
    });
    const prompt = await engine.dispatch("UserPromptSubmit", { prompt: "Add validation" });
    expect(prompt.additionalContext).toEqual(["Project: my-app"]);
    const start = await engine.dispatch("SessionStart", { source: "new" });
    expect(start.additionalContext).toEqual(["Branch: main"]);
  });

  it("blocks a prompt on exit 2 and keeps PostToolUse's top-level block", async () => {
    const { engine } = await setup({
      hooks: {
        UserPromptSubmit: [entry(emit("--stderr", "no secrets in prompts", "--exit", "2"))],
        PostToolUse: [
          entry(
            emit(
              "--stdout",
              json({
                decision: "block",
                reason: "Post-processing validation failed.",
                hookSpecificOutput: {
                  hookEventName: "PostToolUse",
                  additionalContext: "The edited file has lint errors.",
                },
              }),
            ),
          ),
        ],
      },
    });
    const prompt = await engine.dispatch("UserPromptSubmit", { prompt: "token=abc" });
    expect([prompt.decision, prompt.reason]).toEqual(["block", "no secrets in prompts"]);
    const post = await engine.dispatch("PostToolUse", { ...bash, tool_response: "done" });
    expect(post).toMatchObject({
      decision: "block",
      reason: "Post-processing validation failed.",
      additionalContext: ["The edited file has lint errors."],
    });
  });

  it("adds SubagentStart context, and reports exit 2 on events that cannot block", async () => {
    const { engine } = await setup({
      hooks: {
        SubagentStart: [
          entry(
            emit(
              "--stdout",
              specific("SubagentStart", { additionalContext: "Follow the coding guidelines." }),
            ),
          ),
        ],
        PreCompact: [entry(emit("--stderr", "cannot stop this", "--exit", "2"))],
      },
    });
    const start = await engine.dispatch("SubagentStart", { agent_id: "s1", agent_type: "Plan" });
    expect(start.additionalContext).toEqual(["Follow the coding guidelines."]);
    const compact = await engine.dispatch("PreCompact", { trigger: "auto" });
    expect(compact.decision).toBeNull();
    expect(codes(compact)).toEqual(["block_ignored"]);
  });
});

describe("vscode timeouts", () => {
  it("defaults a hook's timeout to 30 s and keeps an explicit one", async () => {
    const { root, file } = await setup({
      hooks: { Stop: [entry("./a.sh"), entry("./b.sh", { timeout: 5 })] },
    });
    const loaded = await loadConfig(vscodeProfile, { home: root, cwd: root, configFiles: [file] });
    expect(loaded.definitions.map((definition) => definition.timeoutMs)).toEqual([30_000, 5_000]);
  });
});

describe("vscode event lists mixing flat entries and matcher groups", () => {
  const stop = (label: string) => emit("--stdout", "{}", "--label", label);
  it.each<[string, unknown[], string[]]>([
    [
      "an entry, then a group",
      [entry(stop("a")), group(null, stop("b"))],
      ["Stop:0:0", "Stop:1:0"],
    ],
    [
      "a group, then an entry",
      [group(null, stop("a")), entry(stop("b"))],
      ["Stop:0:0", "Stop:1:0"],
    ],
    [
      "entry, two-handler group, entry",
      [entry(stop("a")), group(null, stop("b"), stop("c")), entry(stop("d"))],
      ["Stop:0:0", "Stop:1:0", "Stop:1:1", "Stop:2:0"],
    ],
    [
      "Copilot entries around a group",
      [
        { type: "command", bash: stop("a") },
        group(null, stop("b")),
        { type: "command", bash: stop("c"), timeoutSec: 5 },
      ],
      ["Stop:0:0", "Stop:1:0", "Stop:2:0"],
    ],
  ])("runs both kinds: %s", async (_name, list, ids) => {
    const { engine } = await setup({ hooks: { Stop: list } });
    expect(engine.diagnostics).toEqual([]);
    const result = await engine.dispatch("Stop", {});
    expect(result.runs.map((run) => [run.id, run.status])).toEqual(ids.map((id) => [id, "ok"]));
  });

  it("loads a flat event beside a grouped event in one file, and keeps the group's matcher", async () => {
    const { engine } = await setup({
      hooks: {
        PreToolUse: [
          group("Edit", emit("--label", "edit")),
          group("Bash", emit("--label", "bash")),
        ],
        Stop: [entry(emit("--stdout", "{}"))],
      },
    });
    expect(engine.diagnostics).toEqual([]);
    expect((await engine.dispatch("PreToolUse", bash)).runs.map((run) => run.id)).toEqual([
      "PreToolUse:1:0",
    ]);
    expect((await engine.dispatch("Stop", {})).runs.map((run) => run.id)).toEqual(["Stop:0:0"]);
  });
});

describe("vscode blank command overrides", () => {
  it.each([
    ["linux", ""],
    ["osx", ""],
    ["windows", ""],
    ["linux", "   "],
    ["osx", "\t\n"],
  ])("falls back to command when %s is %j", async (override, value) => {
    const { engine } = await setup({
      hooks: {
        PreToolUse: [
          entry(emit("--stdout", permission("deny", "fallback")), { [override]: value }),
        ],
      },
    });
    expect(engine.diagnostics).toEqual([]);
    expect((await engine.dispatch("PreToolUse", bash)).decision).toBe("deny");
  });

  it("falls back to command when every override is blank", async () => {
    const { engine } = await setup({
      hooks: {
        PreToolUse: [
          entry(emit("--stdout", permission("deny", "fallback")), {
            linux: "",
            osx: " ",
            windows: "",
          }),
        ],
      },
    });
    expect(engine.diagnostics).toEqual([]);
    expect((await engine.dispatch("PreToolUse", bash)).reason).toBe("fallback");
  });
});

describe("vscode identical handlers across hook files", () => {
  const counter = join(engineFixtures, "count-run.sh");
  const countLines = (file: string) =>
    readFileSync(file, "utf8").split("\n").filter(Boolean).length;

  /** A workspace with hook files at VS Code's own locations (discovery, no explicit files). */
  async function setupLocations(files: Record<string, unknown>) {
    const root = createTestWorkspace("vscode-locations").root;
    const home = join(root, "home");
    const workspace = join(root, "workspace");
    for (const [relative, document] of Object.entries(files)) {
      const file = join(root, relative);
      mkdirSync(join(file, ".."), { recursive: true });
      writeFileSync(file, json(document));
    }
    mkdirSync(home, { recursive: true });
    mkdirSync(workspace, { recursive: true });
    const engine = await createHookEngine({ profile: "vscode", cwd: workspace, home });
    engines.push(engine);
    return { root, engine };
  }

  it.each<[string, [string, number][], string[]]>([
    [
      "a workspace copy over a user copy (Copilot hooks folder)",
      [
        ["workspace/.github/hooks/policy.json", 10],
        ["home/.copilot/hooks/policy.json", 0.001],
      ],
      ["ok", "skipped"],
    ],
    [
      "a workspace Claude settings copy over an earlier user copy",
      [
        ["home/.copilot/hooks/policy.json", 0.001],
        ["workspace/.claude/settings.json", 10],
      ],
      ["skipped", "ok"],
    ],
    [
      "a local settings copy over earlier workspace copies",
      [
        ["workspace/.github/hooks/policy.json", 0.001],
        ["workspace/.claude/settings.json", 0.001],
        ["workspace/.claude/settings.local.json", 10],
      ],
      ["skipped", "skipped", "ok"],
    ],
  ])("runs %s, once, with its own timeout", async (_name, copies, expected) => {
    const logFolder = createTestWorkspace("vscode-runs").root;
    const log = join(logFolder, "runs.log");
    const same = [counter, log, "0.2"].map(quote).join(" ");
    const files = Object.fromEntries(
      copies.map(([file, timeout]) => [file, { hooks: { Stop: [entry(same, { timeout })] } }]),
    );
    const { engine } = await setupLocations(files);
    const result = await engine.dispatch("Stop", {});
    expect(result.runs.map((run) => run.status)).toEqual(expected);
    expect(countLines(log)).toBe(1);
    const explanation = await engine.explain("Stop", {});
    expect(explanation.entries.map((entry) => entry.verdict)).toEqual(
      expected.map((status) => (status === "ok" ? "would-run" : "skipped")),
    );
  });

  it("runs copies with different env or cwd as different handlers", async () => {
    const logFolder = createTestWorkspace("vscode-runs").root;
    const log = join(logFolder, "runs.log");
    const same = [counter, log].map(quote).join(" ");
    const { engine } = await setup({
      hooks: {
        Stop: [entry(same), entry(same, { env: { LEVEL: "strict" } }), entry(same, { cwd: "." })],
      },
    });
    const result = await engine.dispatch("Stop", {});
    expect(result.runs.map((run) => run.status)).toEqual(["ok", "ok", "ok"]);
    expect(countLines(log)).toBe(3);
  });
});
