import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { copyFixture } from "../../test/support/copy-fixture.js";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { loadConfig } from "../config/load-config.js";
import { createHookEngine, type HookEngine, type HookEngineOptions } from "../engine/engine.js";
import { zerocodeProfile } from "../profiles/zerocode.js";
import { evaluateHookTrust } from "../trust/evaluate-hook-trust.js";
import { createEmptyTrustStore, writeTrustStore } from "../trust/trust-store.js";
import { recordHookDisabled, recordHookTrusted } from "../trust/update-trust-store.js";
import type { ExplainEntry, HookExplanation } from "./explain-hooks.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const fixtures = path.join(root, "test/fixtures/explain");
const engines: HookEngine[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

async function explain(
  options: HookEngineOptions,
  event: string,
  payload: Record<string, unknown> = {},
): Promise<HookExplanation> {
  const engine = await createHookEngine({ tracing: false, ...options });
  engines.push(engine);
  return engine.explain(event, payload);
}

/** Each entry as `verdict command: reason kinds`, the shape a reader scans for. */
const summarize = (entries: readonly ExplainEntry[]) =>
  entries.map((entry) => ({
    verdict: entry.verdict,
    command: entry.command,
    kinds: entry.reasons.map((reason) => reason.kind),
  }));

/** A copy of a fixture tree in a temporary directory, with `project/.git` (git stores none). */
function copyTree(name: string): string {
  return copyFixture(`explain/${name}`, createTestWorkspace("explain").root, ["project"]);
}

const bash = (command: string) => ({ tool_name: "Bash", tool_input: { command } });

describe("explain with the deepagents profile", () => {
  const options: HookEngineOptions = {
    profile: "deepagents",
    home: path.join(fixtures, "empty-home"),
    cwd: fixtures,
    configFiles: [
      path.join(fixtures, "deepagents/hooks.json"),
      path.join(fixtures, "deepagents/missing.json"),
    ],
  };

  it("says which hook runs, and why each other one does not", async () => {
    const explanation = await explain(options, "PreToolUse", {
      tool_name: "execute",
      tool_input: { command: "rm -rf build" },
    });
    expect(explanation).toMatchObject({
      event: "PreToolUse",
      matchField: "tool_name",
      matchValue: "Bash",
    });
    expect(summarize(explanation.entries)).toEqual([
      { verdict: "would-run", command: "echo guard", kinds: [] },
      { verdict: "skipped", command: "echo git-only", kinds: ["if"] },
      { verdict: "skipped", command: "echo lint", kinds: ["matcher"] },
      { verdict: "skipped", command: "echo broken", kinds: ["invalid-config"] },
      { verdict: "skipped", command: "echo guard", kinds: ["duplicate"] },
      { verdict: "skipped", command: "echo stop", kinds: ["event"] },
      { verdict: "skipped", command: null, kinds: ["invalid-config"] },
      { verdict: "skipped", command: null, kinds: ["invalid-config"] },
    ]);
    const [, gitOnly, lint, broken, , , http, missing] = explanation.entries;
    expect(gitOnly?.reasons[0]).toMatchObject({ rule: "Bash(git *)", code: null });
    expect(lint?.reasons[0]).toMatchObject({ matcher: "Write|Edit", value: "Bash" });
    expect(lint?.reasons[0]?.message).toBe('matcher "Write|Edit" does not match tool_name "Bash"');
    expect(broken?.reasons[0]).toMatchObject({
      code: "invalid_matcher",
      path: "hooks.PreToolUse[2].matcher",
    });
    expect(http?.reasons[0]?.code).toBe("unsupported_handler_type");
    expect(missing?.reasons[0]).toMatchObject({
      code: "config_not_found",
      file: path.join(fixtures, "deepagents/missing.json"),
    });
  });

  it("says where the rule goes when a matcher is written as a permission rule", async () => {
    const workspace = createTestWorkspace("explain-rule-matcher");
    const file = workspace.writeJson("hooks.json", {
      hooks: {
        PreToolUse: [{ matcher: "Bash(git push*)", hooks: [{ type: "command", command: "true" }] }],
      },
    });
    const explanation = await explain(
      { profile: "claude", home: workspace.home, cwd: workspace.root, configFiles: [file] },
      "PreToolUse",
      bash("git push"),
    );
    expect(explanation.entries[0]?.reasons[0]?.message).toBe(
      'matcher "Bash(git push*)" does not match tool_name "Bash"; it is shaped like a permission rule, but a matcher is tested against the tool name only: match "Bash" and put the rule in the handler\'s "if"',
    );
  });

  it("lets the git-only hook run for a git command, and runs nothing while explaining", async () => {
    const explanation = await explain(options, "PreToolUse", bash("git status"));
    const running = explanation.entries.filter((entry) => entry.verdict === "would-run");
    expect(running.map((entry) => entry.hookId)).toEqual(["PreToolUse:0:0", "PreToolUse:0:1"]);
  });

  it("reports a missing match field", async () => {
    const explanation = await explain(options, "PreToolUse", {});
    expect(explanation.matchValue).toBeNull();
    expect(explanation.entries[0]?.reasons[0]?.message).toBe(
      'matcher "Bash" needs tool_name, which the payload does not have',
    );
  });
});

describe("explain with the zerocode profile", () => {
  it("names trusted, managed, untrusted, disabled and project-untrusted hooks", async () => {
    const directory = copyTree("zerocode/trust");
    const home = path.join(directory, "home");
    const systemDir = path.join(directory, "system");
    const cwd = path.join(directory, "project");
    const loaded = await loadConfig(zerocodeProfile, { home, cwd, systemDir });
    const trust = await evaluateHookTrust(loaded.definitions, createEmptyTrustStore(), {
      home,
      cwd,
    });
    let store = createEmptyTrustStore();
    for (const [definition, state] of trust) {
      if (definition.command === "echo trusted") {
        store = recordHookTrusted(store, { definition, trust: state });
      }
      if (definition.command === "echo disabled") {
        store = recordHookDisabled(store, { definition, trust: state });
      }
    }
    await writeTrustStore(path.join(home, ".zerotwo/hooks-trust.json"), store);
    const explanation = await explain(
      { profile: "zerocode", home, cwd, systemDir },
      "PreToolUse",
      bash("ls"),
    );
    expect(summarize(explanation.entries)).toEqual([
      { verdict: "would-run", command: "echo trusted", kinds: [] },
      { verdict: "skipped", command: "echo disabled", kinds: ["disabled"] },
      { verdict: "skipped", command: "echo untrusted", kinds: ["trust"] },
      { verdict: "would-run", command: "echo managed", kinds: [] },
      { verdict: "skipped", command: "echo project", kinds: ["project-untrusted"] },
    ]);
    expect(explanation.entries.map((entry) => entry.trust)).toEqual([
      "trusted",
      "disabled",
      "untrusted",
      "managed",
      null,
    ]);
    expect(explanation.entries[2]?.reasons[0]?.code).toBe("hook_untrusted");
    expect(explanation.entries[4]?.layer).toBe("project");
  });

  it("lists the user's hooks as skipped by the managed-only policy", async () => {
    const directory = copyTree("zerocode/managed-only");
    const explanation = await explain(
      {
        profile: "zerocode",
        home: path.join(directory, "home"),
        cwd: path.join(directory, "project"),
        systemDir: path.join(directory, "system"),
      },
      "PreToolUse",
      bash("ls"),
    );
    expect(summarize(explanation.entries)).toEqual([
      { verdict: "would-run", command: "echo managed", kinds: [] },
      { verdict: "skipped", command: "echo user", kinds: ["managed-only"] },
    ]);
    expect(explanation.entries[1]?.reasons[0]).toMatchObject({
      code: "hooks_disabled",
      path: "allow_managed_hooks_only",
    });
  });

  it("lists every hook as skipped when [features] hooks = false", async () => {
    const tree = path.join(root, "test/fixtures/zerocode/features-off");
    const explanation = await explain(
      {
        profile: "zerocode",
        home: path.join(tree, "home"),
        cwd: path.join(tree, "home"),
        systemDir: path.join(tree, "system"),
      },
      "Stop",
    );
    expect(summarize(explanation.entries)).toEqual([
      { verdict: "skipped", command: "./stop.sh", kinds: ["hooks-off"] },
    ]);
    expect(explanation.entries[0]?.reasons[0]?.message).toContain("[features] hooks = false");
  });
});

describe("explain with the claude profile", () => {
  const tree = path.join(fixtures, "claude");
  const base = {
    profile: "claude" as const,
    home: path.join(tree, "home"),
    cwd: path.join(tree, "project"),
  };

  it("explains the managed, user and project layers", async () => {
    const explanation = await explain(
      { ...base, managedSettings: path.join(tree, "managed/managed-settings.json") },
      "PreToolUse",
      bash("ls"),
    );
    expect(summarize(explanation.entries)).toEqual([
      { verdict: "would-run", command: "echo managed", kinds: [] },
      { verdict: "would-run", command: "echo user", kinds: [] },
      { verdict: "skipped", command: "echo stop", kinds: ["event"] },
      { verdict: "skipped", command: "echo project", kinds: ["matcher"] },
    ]);
    expect(explanation.entries.map((entry) => entry.layer)).toEqual([
      "managed",
      "user",
      "user",
      "project",
    ]);
    expect(explanation.entries[0]?.trust).toBe("managed");
  });

  it("says allowManagedHooksOnly keeps the other layers out", async () => {
    const explanation = await explain(
      { ...base, managedSettings: path.join(tree, "managed/managed-only.json") },
      "PreToolUse",
      bash("ls"),
    );
    expect(summarize(explanation.entries)).toEqual([
      { verdict: "would-run", command: "echo managed", kinds: [] },
      { verdict: "skipped", command: "echo user", kinds: ["managed-only"] },
      { verdict: "skipped", command: "echo stop", kinds: ["event", "managed-only"] },
      { verdict: "skipped", command: "echo project", kinds: ["managed-only"] },
    ]);
  });

  it("says disableAllHooks turned the other layers off", async () => {
    const explanation = await explain(
      {
        ...base,
        managedSettings: path.join(tree, "managed/managed-settings.json"),
        configFiles: [
          path.join(tree, "home/.claude/settings.json"),
          path.join(tree, "disable-all.json"),
        ],
      },
      "PostToolUse",
      bash("ls"),
    );
    expect(summarize(explanation.entries)).toEqual([
      { verdict: "skipped", command: "echo managed", kinds: ["event"] },
      { verdict: "skipped", command: "echo user", kinds: ["event", "hooks-off"] },
      { verdict: "skipped", command: "echo stop", kinds: ["event", "hooks-off"] },
      { verdict: "skipped", command: "echo local", kinds: ["hooks-off"] },
    ]);
  });
});

describe("agent-hooks explain", () => {
  function runCli(args: string[], input = ""): Promise<{ code: number | null; stdout: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ["bin/agent-hooks.js", ...args], {
        cwd: root,
        env: { ...process.env, NO_COLOR: "1" },
      });
      let stdout = "";
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, stdout }));
      child.stdin.end(input);
    });
  }
  const args = [
    "explain",
    "PreToolUse",
    "--payload",
    "-",
    "--config",
    "test/fixtures/explain/deepagents/hooks.json",
  ];
  const payload = JSON.stringify(bash("npm test"));

  it("prints one line per hook and exits 0", async () => {
    const run = await runCli(args, payload);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(
      'PreToolUse with tool_name "Bash" (Deep Agents Code profile): 1 of 6 configured hooks would run',
    );
    expect(lines).toHaveLength(1 + 7);
    expect(lines[1]).toMatch(/^would run {2}PreToolUse:0:0 "echo guard" \(/);
    expect(lines[3]).toContain('matcher "Write|Edit" does not match tool_name "Bash"');
  });

  it("prints the structure with --json", async () => {
    const run = await runCli([...args, "--json"], payload);
    expect(run.code).toBe(0);
    const explanation = JSON.parse(run.stdout) as HookExplanation;
    expect(explanation.entries).toHaveLength(7);
    expect(explanation.entries[0]).toMatchObject({
      hookId: "PreToolUse:0:0",
      verdict: "would-run",
    });
  });
});

describe("explain with a missing or non-executable script", () => {
  // Committed with their modes: not-executable.sh is 0644, executable.sh is 0755.
  const directory = path.join(root, "test/fixtures/cli/broken-scripts");
  const options: HookEngineOptions = {
    profile: "deepagents",
    home: directory,
    cwd: directory,
    configFiles: [path.join(directory, "hooks.json")],
  };

  it("says a hook would fail, with the script error, and checks only what would run", async () => {
    const pre = await explain(options, "PreToolUse", bash("ls"));
    expect(summarize(pre.entries).filter((entry) => entry.verdict !== "skipped")).toEqual([
      { verdict: "would-fail", command: "./not-executable.sh", kinds: ["script"] },
    ]);
    expect(pre.entries[0]?.reasons[0]).toMatchObject({
      code: "script_not_executable",
      file: path.join(directory, "hooks.json"),
      path: "hooks.PreToolUse[0].hooks[0]",
    });
    const start = await explain(options, "SessionStart", { source: "startup" });
    expect(summarize(start.entries.filter((entry) => entry.event === "SessionStart"))).toEqual([
      { verdict: "would-run", command: "./executable.sh", kinds: [] },
      { verdict: "would-run", command: "bash not-executable.sh", kinds: [] },
      { verdict: "would-run", command: "test -x ./missing.sh && ./missing.sh", kinds: [] },
    ]);
    const stop = await explain(options, "Stop");
    expect(summarize(stop.entries.filter((entry) => entry.event === "Stop"))).toEqual([
      { verdict: "would-fail", command: ["python3", "missing.py"], kinds: ["script"] },
    ]);
  });
});
