import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import type { ScopedHookSet, ScopedHooksOptions } from "../match/scoped-hook-sets.js";
import { quoteShellWord } from "../shell/quote-shell-word.js";
import { createHookEngine, type HookEngine, type HookEngineOptions } from "./engine.js";

// Skill and subagent frontmatter hooks, added to a Claude Code engine for their lifetime and run
// through real scripts (test/fixtures/claude/scoped/plugin/scripts/).

const fixtures = fileURLToPath(new URL("../../test/fixtures/claude/scoped/", import.meta.url));
const deploySkill = join(fixtures, "plugin/skills/deploy/SKILL.md");
const onceSkill = join(fixtures, "plugin/skills/setup-once/SKILL.md");
const reviewerAgent = join(fixtures, "plugin/agents/reviewer.md");
const brokenSkill = join(fixtures, "broken/SKILL.md");
// The scripts as command words, quoted: a clone's path may hold a space.
const recordEvent = quoteShellWord(join(fixtures, "plugin/scripts/record-event.sh"));
const denyRm = quoteShellWord(join(fixtures, "plugin/scripts/deny-rm.sh"));

const bash = (text: string, extra: Record<string, unknown> = {}) => ({
  tool_name: "Bash",
  tool_input: { command: text },
  ...extra,
});
const read = (extra: Record<string, unknown> = {}) => ({
  tool_name: "Read",
  tool_input: { file_path: "README.md" },
  ...extra,
});
const subagentStop = (agentId: string) => ({
  stop_hook_active: false,
  agent_id: agentId,
  agent_type: "reviewer",
});
const runIds = (result: DispatchResult) => result.runs.map((run) => run.id);

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

/** A Claude Code engine over a project settings file holding `hooks`, logging to `log`. */
async function setup(
  hooks: Record<string, unknown[]> = {},
  extra: Partial<HookEngineOptions> = {},
) {
  const workspace = createTestWorkspace("scoped-hooks");
  const settingsFile = workspace.writeJson("project/.claude/settings.json", { hooks });
  const log = workspace.path("events.log");
  const engine = await createHookEngine({
    profile: "claude",
    configFiles: [settingsFile],
    cwd: workspace.project,
    home: workspace.home,
    sessionId: "session-1",
    env: { ...process.env, SCOPED_HOOKS_LOG: log },
    ...extra,
  });
  engines.push(engine);
  const add = (options: ScopedHooksOptions): Promise<ScopedHookSet> => {
    if (engine.addScopedHooks === undefined) throw new Error("a local engine adds scoped hooks");
    return engine.addScopedHooks(options);
  };
  const logged = () => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : []);
  return { workspace, settingsFile, engine, add, logged };
}

describe.skipIf(process.platform === "win32")("engine.addScopedHooks (claude profile)", () => {
  describe("skill hooks", () => {
    it("apply a skill's PreToolUse deny only while the skill is added", async () => {
      const { engine, add } = await setup();
      const before = await engine.dispatch("PreToolUse", bash("rm -rf build"));
      expect(before.runs).toEqual([]);
      expect(before.decision).not.toBe("deny");

      const skill = await add({ scope: "skill", file: deploySkill });
      expect(skill).toMatchObject({
        id: "skill:deploy",
        hookIds: ["skill:deploy/PreToolUse:0:0"],
        diagnostics: [],
      });
      const during = await engine.dispatch("PreToolUse", bash("rm -rf build"));
      expect(during).toMatchObject({ decision: "deny", reason: "the deploy skill forbids rm" });
      expect(during.runs).toEqual([
        expect.objectContaining({ id: "skill:deploy/PreToolUse:0:0", source: deploySkill }),
      ]);
      const other = await engine.dispatch("PreToolUse", bash("make deploy"));
      expect(other.decision).not.toBe("deny");

      skill.remove();
      skill.remove();
      const after = await engine.dispatch("PreToolUse", bash("rm -rf build"));
      expect(after.runs).toEqual([]);
      expect(after.decision).not.toBe("deny");
    });

    it("lets a handler that is running when the skill is removed finish", async () => {
      let skill: ScopedHookSet | undefined;
      const { engine, add } = await setup({}, { onRunStart: () => skill?.remove() });
      skill = await add({ scope: "skill", file: deploySkill });
      const during = await engine.dispatch("PreToolUse", bash("rm -rf build"));
      expect(during).toMatchObject({ decision: "deny", reason: "the deploy skill forbids rm" });
      const after = await engine.dispatch("PreToolUse", bash("rm -rf build"));
      expect(after.runs).toEqual([]);
    });

    it("runs the configured hooks first, then the skill's, and keeps an identical copy apart", async () => {
      const { engine, add, logged } = await setup({
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: `${recordEvent} settings` }] },
        ],
      });
      const skill = await add({
        scope: "skill",
        name: "audit",
        hooks: {
          PreToolUse: [{ hooks: [{ type: "command", command: `${recordEvent} settings` }] }],
        },
      });
      expect(skill.diagnostics).toEqual([]);
      const result = await engine.dispatch("PreToolUse", bash("ls"));
      expect(runIds(result)).toEqual(["PreToolUse:0:0", "skill:audit/PreToolUse:0:0"]);
      expect(result.runs.map((run) => run.status)).toEqual(["ok", "ok"]);
      expect(logged()).toEqual(["settings PreToolUse -", "settings PreToolUse -"]);
    });

    it("runs a once handler once per session, beside handlers that run every time", async () => {
      const { engine, add, logged } = await setup();
      const skill = await add({ scope: "skill", file: onceSkill });
      expect(skill.diagnostics).toEqual([]);
      const first = await engine.dispatch("PreToolUse", bash("ls"));
      expect(runIds(first)).toEqual([
        "skill:setup-once/PreToolUse:0:0",
        "skill:setup-once/PreToolUse:0:1",
      ]);
      const second = await engine.dispatch("PreToolUse", read());
      expect(runIds(second)).toEqual(["skill:setup-once/PreToolUse:0:1"]);
      // The same skill added again in the same session: its once handler already ran.
      skill.remove();
      await add({ scope: "skill", file: onceSkill });
      await engine.dispatch("PreToolUse", bash("pwd"));
      // Another session runs it once more.
      await engine.dispatch("PreToolUse", bash("ls", { session_id: "session-2" }));
      // The handlers of one dispatch run concurrently: count the lines, not their order.
      const count = (label: string) => logged().filter((line) => line.startsWith(label)).length;
      expect({ once: count("once "), every: count("every ") }).toEqual({ once: 2, every: 4 });
    });

    it("runs a once handler once even when two dispatches of a session plan it at the same time", async () => {
      const { engine, add, logged } = await setup();
      await add({ scope: "skill", file: onceSkill });
      await Promise.all([
        engine.dispatch("PreToolUse", bash("ls")),
        engine.dispatch("PreToolUse", bash("pwd")),
      ]);
      expect(logged().filter((line) => line.startsWith("once"))).toEqual(["once PreToolUse -"]);
    });
  });

  describe("subagent hooks", () => {
    it("run a subagent's Stop hook on its SubagentStop, not on the parent's Stop", async () => {
      const { engine, add } = await setup();
      const reviewer = await add({ scope: "subagent", file: reviewerAgent, agentId: "agent-7" });
      expect(reviewer).toMatchObject({
        id: "subagent:reviewer@agent-7",
        hookIds: [
          "subagent:reviewer@agent-7/SubagentStop:0:0",
          "subagent:reviewer@agent-7/PreToolUse:0:0",
        ],
        diagnostics: [],
      });
      const parentStop = await engine.dispatch("Stop", { stop_hook_active: false });
      expect(parentStop.runs).toEqual([]);
      expect(parentStop.decision).not.toBe("block");

      const own = await engine.dispatch("Stop", subagentStop("agent-7"), { asSubagent: true });
      expect(own).toMatchObject({
        event: "SubagentStop",
        decision: "block",
        reason: "reviewer is not done (SubagentStop)",
      });
      const other = await engine.dispatch("SubagentStop", subagentStop("agent-8"));
      expect(other.runs).toEqual([]);

      reviewer.remove();
      const after = await engine.dispatch("SubagentStop", subagentStop("agent-7"));
      expect(after.runs).toEqual([]);
    });

    it("apply a subagent's tool hooks to its own tool calls only when it has an agent id", async () => {
      const { engine, add, logged } = await setup();
      await add({ scope: "subagent", file: reviewerAgent, agentId: "agent-7" });
      await engine.dispatch("PreToolUse", read({ agent_id: "agent-7", agent_type: "reviewer" }));
      await engine.dispatch("PreToolUse", read());
      await engine.dispatch("PreToolUse", read({ agent_id: "agent-9", agent_type: "reviewer" }));
      expect(logged()).toEqual(["reviewer-read PreToolUse agent-7"]);
    });

    it("apply to every dispatch while active when no agent id is given", async () => {
      const { engine, add } = await setup();
      const first = await add({ scope: "subagent", file: reviewerAgent });
      const second = await add({ scope: "subagent", file: reviewerAgent });
      expect([first.id, second.id]).toEqual(["subagent:reviewer", "subagent:reviewer#2"]);
      const stop = await engine.dispatch("SubagentStop", subagentStop("agent-1"));
      expect(runIds(stop)).toEqual([
        "subagent:reviewer/SubagentStop:0:0",
        "subagent:reviewer#2/SubagentStop:0:0",
      ]);
      const parentStop = await engine.dispatch("Stop", { stop_hook_active: false });
      expect(parentStop.runs).toEqual([]);
    });
  });

  describe("frontmatter problems", () => {
    it("are diagnostics naming the file and JSON path; the valid handlers still run", async () => {
      const { engine, add } = await setup();
      const broken = await add({ scope: "skill", file: brokenSkill });
      const errors = broken.diagnostics.filter((diagnostic) => diagnostic.severity === "error");
      expect(errors.map(({ code, file, path }) => ({ code, file, path }))).toEqual([
        { code: "invalid_config", file: brokenSkill, path: "hooks.PreToolUse[0].hooks[0].command" },
        { code: "invalid_config", file: brokenSkill, path: "hooks.Stop" },
      ]);
      expect(broken.hookIds).toEqual(["skill:broken/PreToolUse:0:1"]);
      const result = await engine.dispatch("PreToolUse", bash("ls"));
      expect(result.runs).toEqual([expect.objectContaining({ status: "ok" })]);
    });

    it("are diagnostics for bad YAML, a missing file or an invalid matcher, never a throw", async () => {
      const { add, workspace } = await setup();
      const badYaml = join(fixtures, "broken/bad-yaml.md");
      const yaml = await add({ scope: "skill", file: badYaml });
      expect(yaml.hookIds).toEqual([]);
      expect(yaml.diagnostics).toEqual([
        expect.objectContaining({ code: "invalid_config", file: badYaml }),
      ]);
      const missing = workspace.path("missing.md");
      const gone = await add({ scope: "subagent", file: missing });
      expect(gone).toMatchObject({
        id: "subagent:missing",
        hookIds: [],
        diagnostics: [expect.objectContaining({ code: "config_not_found", file: missing })],
      });
      const matcher = await add({
        scope: "skill",
        name: "regex",
        source: "inline-skill",
        hooks: { PreToolUse: [{ matcher: "(", hooks: [{ type: "command", command: denyRm }] }] },
      });
      expect(matcher.diagnostics).toEqual([
        expect.objectContaining({
          code: "invalid_matcher",
          file: "inline-skill",
          path: "hooks.PreToolUse[0].matcher",
        }),
      ]);
    });
  });

  describe("handler types", () => {
    const promptHooks = {
      PreToolUse: [{ matcher: "Bash", hooks: [{ type: "prompt", prompt: "Is $ARGUMENTS safe?" }] }],
    };

    it("warns of a prompt handler when the host gave no evaluatePrompt, as at load", async () => {
      const { add } = await setup();
      const skill = await add({
        scope: "skill",
        name: "judge",
        source: "judge.md",
        hooks: promptHooks,
      });
      expect(skill.hookIds).toEqual(["skill:judge/PreToolUse:0:0"]);
      expect(skill.diagnostics).toEqual([
        expect.objectContaining({
          code: "unsupported_handler_type",
          file: "judge.md",
          path: "hooks.PreToolUse[0].hooks[0].type",
        }),
      ]);
    });

    it("applies the settings' allowedHttpHookUrls to a skill's http handler", async () => {
      const policy = createTestWorkspace("scoped-hooks-policy");
      const managed = policy.writeJson("managed-settings.json", {
        allowedHttpHookUrls: ["http://127.0.0.1:*/allowed/*"],
      });
      const { add } = await setup({}, { managedSettings: managed });
      const http = (url: string) => ({ type: "http", url });
      const skill = await add({
        scope: "skill",
        name: "notify",
        source: "notify.md",
        hooks: {
          PostToolUse: [
            { hooks: [http("http://127.0.0.1:9/allowed/hook"), http("http://example.com/hook")] },
          ],
        },
      });
      expect(skill.hookIds).toEqual(["skill:notify/PostToolUse:0:0"]);
      expect(skill.diagnostics).toEqual([
        expect.objectContaining({
          code: "http_url_refused",
          file: "notify.md",
          path: "hooks.PostToolUse[0].hooks[1].url",
        }),
      ]);
    });

    it("asks the host's model for a skill's prompt handler", async () => {
      const asked: string[] = [];
      const { engine, add } = await setup(
        {},
        {
          evaluatePrompt: async (request) => {
            asked.push(request.event);
            return { ok: false, reason: "not while judging" };
          },
        },
      );
      const skill = await add({ scope: "skill", name: "judge", hooks: promptHooks });
      expect(skill.hookIds).toEqual(["skill:judge/PreToolUse:0:0"]);
      const result = await engine.dispatch("PreToolUse", bash("rm -rf build"));
      expect(result.decision).toBe("deny");
      expect(asked).toEqual(["PreToolUse"]);
    });
  });

  it("ignores once in a subagent's hooks, with a note at the field", async () => {
    const { engine, add, logged } = await setup();
    const reviewer = await add({
      scope: "subagent",
      name: "reviewer",
      source: "reviewer.md",
      hooks: {
        PreToolUse: [{ hooks: [{ type: "command", command: `${recordEvent} sub`, once: true }] }],
      },
    });
    expect(reviewer.diagnostics).toEqual([
      expect.objectContaining({
        code: "unsupported_field",
        file: "reviewer.md",
        path: "hooks.PreToolUse[0].hooks[0].once",
      }),
    ]);
    await engine.dispatch("PreToolUse", read());
    await engine.dispatch("PreToolUse", read());
    expect(logged()).toEqual(["sub PreToolUse -", "sub PreToolUse -"]);
  });

  it("shows active scoped hooks in explain, and no longer once removed", async () => {
    const { engine, add } = await setup();
    const skill = await add({ scope: "skill", file: deploySkill });
    const during = await engine.explain("PreToolUse", bash("rm -rf build"));
    expect(during.entries).toEqual([
      expect.objectContaining({
        hookId: "skill:deploy/PreToolUse:0:0",
        layer: "skill:deploy",
        source: deploySkill,
        verdict: "would-run",
      }),
    ]);
    skill.remove();
    const after = await engine.explain("PreToolUse", bash("rm -rf build"));
    expect(after.entries).toEqual([]);
  });
});
