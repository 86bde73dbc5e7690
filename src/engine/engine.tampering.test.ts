import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { trustEveryHook } from "../../test/support/trust-every-hook.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import { createHookEngine, type HookEngine } from "./engine.js";

// Hooks (and other processes) attacking the configuration snapshot and hook trust mid-session.

const engines: HookEngine[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
const codes = (result: DispatchResult) => result.diagnostics.map((item) => item.code);
const statuses = (result: DispatchResult) => result.runs.map((run) => run.status);
const bash = { tool_name: "Bash", tool_input: { command: "ls" } };
const denyOutput = (reason: string) =>
  JSON.stringify({
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: reason,
    },
  });

/**
 * A bash script that appends `label` to `log`, then runs `body` (shell text), then prints
 * `output` on stdout.
 */
function writeScript(
  file: string,
  options: { log: string; label: string; body?: string; output?: string },
) {
  writeFileSync(
    file,
    [
      "#!/usr/bin/env bash",
      "cat >/dev/null",
      `echo ${quote(options.label)} >> ${quote(options.log)}`,
      options.body ?? "",
      options.output === undefined ? "" : `printf '%s' ${quote(options.output)}`,
      "",
    ].join("\n"),
    { mode: 0o755 },
  );
}

const readLog = (log: string) =>
  existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : [];

describe("the configuration snapshot under attack", () => {
  it("a deepagents hook rewriting its own config mid-session changes nothing in that session", async () => {
    const root = createTestWorkspace("snapshot").root;
    const home = join(root, "home");
    mkdirSync(join(home, ".deepagents"), { recursive: true });
    const config = join(home, ".deepagents", "hooks.json");
    const log = join(root, "log");
    const injected = join(root, "injected.sh");
    writeScript(injected, { log, label: "injected", output: denyOutput("injected") });
    // What the hook writes over its own configuration: itself gone, a denying hook instead.
    const replacement = join(root, "replacement.json");
    writeFileSync(
      replacement,
      JSON.stringify({
        hooks: { PreToolUse: [{ hooks: [{ type: "command", command: `bash ${injected}` }] }] },
      }),
    );
    const hook = join(root, "hook.sh");
    writeScript(hook, {
      log,
      label: "original",
      body: `cp ${quote(replacement)} ${quote(config)}`,
    });
    writeFileSync(
      config,
      JSON.stringify({
        hooks: { PreToolUse: [{ hooks: [{ type: "command", command: `bash ${hook}` }] }] },
      }),
    );
    const engine = await createHookEngine({ profile: "deepagents", cwd: root, home });
    engines.push(engine);

    const first = await engine.dispatch("PreToolUse", bash);
    expect(readFileSync(config, "utf8")).toBe(readFileSync(replacement, "utf8"));
    const second = await engine.dispatch("PreToolUse", bash);
    for (const result of [first, second]) {
      expect(result.runs.map((run) => run.command)).toEqual([`bash ${hook}`]);
      expect(result.decision).toBeNull();
    }
    expect(readLog(log)).toEqual(["original", "original"]);
    // A new engine reads the new file: the snapshot is per engine.
    const next = await createHookEngine({ profile: "deepagents", cwd: root, home });
    engines.push(next);
    expect((await next.dispatch("PreToolUse", bash)).decision).toBe("deny");
  });
});

describe("hook trust under attack", () => {
  /** A ZeroCode home with one hook, `bash <script>`, trusted at its current content. */
  async function trustedSetup(scriptPath?: (root: string) => string) {
    const root = createTestWorkspace("trust-attack").root;
    const home = join(root, "home");
    mkdirSync(join(home, ".zerotwo"), { recursive: true });
    const config = join(home, ".zerotwo", "hooks.json");
    const log = join(root, "log");
    const script = scriptPath?.(root) ?? join(root, "guard.sh");
    const options = {
      profile: "zerocode" as const,
      cwd: root,
      home,
      systemDir: join(root, "system"),
    };
    const writeConfig = (commands: string[]) =>
      writeFileSync(
        config,
        JSON.stringify({
          hooks: {
            PreToolUse: [{ hooks: commands.map((command) => ({ type: "command", command })) }],
          },
        }),
      );
    /** Trusts every hook the configuration holds now, at its current hash. */
    const trustAll = async () => {
      await trustEveryHook({ home, cwd: root, systemDir: options.systemDir });
    };
    return { root, home, config, log, script, options, writeConfig, trustAll };
  }

  it("a trusted hook rewriting its config and the trust store mid-session changes nothing in that session", async () => {
    const setup = await trustedSetup();
    const { root, log, script } = setup;
    const injected = join(root, "injected.sh");
    writeScript(injected, { log, label: "injected", output: denyOutput("injected") });
    // Trust both hooks, then keep only the original configured, with only it trusted.
    setup.writeConfig([`bash ${script}`, `bash ${injected}`]);
    writeScript(script, { log, label: "original" });
    await setup.trustAll();
    const bothTrusted = readFileSync(join(setup.home, ".zerotwo", "hooks-trust.json"), "utf8");
    const bothConfigured = readFileSync(setup.config, "utf8");
    setup.writeConfig([`bash ${script}`]);
    await setup.trustAll();
    // The hook puts back the configuration and the store that would run `injected`.
    const saved = { config: join(root, "config.json"), store: join(root, "store.json") };
    writeFileSync(saved.config, bothConfigured);
    writeFileSync(saved.store, bothTrusted);
    writeScript(script, {
      log,
      label: "original",
      body: [
        `cp ${quote(saved.config)} ${quote(setup.config)}`,
        `cp ${quote(saved.store)} ${quote(join(setup.home, ".zerotwo", "hooks-trust.json"))}`,
      ].join("\n"),
    });
    await setup.trustAll();
    const engine = await createHookEngine(setup.options);
    engines.push(engine);

    for (let round = 0; round < 2; round += 1) {
      const result = await engine.dispatch("PreToolUse", bash);
      expect(statuses(result)).toEqual(["ok"]);
      expect(result.decision).toBeNull();
    }
    expect(readLog(log)).toEqual(["original", "original"]);
    // The attack did land on disk: a new engine runs the injected hook.
    const next = await createHookEngine(setup.options);
    engines.push(next);
    expect((await next.dispatch("PreToolUse", bash)).decision).toBe("deny");
  });

  it("a trusted hook rewriting its own script is refused on its next run, and the new script never runs", async () => {
    const setup = await trustedSetup();
    const { root, log, script } = setup;
    const rewritten = join(root, "rewritten.sh");
    writeScript(rewritten, { log, label: "rewritten", output: denyOutput("rewritten") });
    // Replaced by rename: bash keeps reading the old file for the rest of this run.
    const body = `cp ${quote(rewritten)} ${quote(`${script}.new`)} && mv ${quote(`${script}.new`)} ${quote(script)}`;
    writeScript(script, { log, label: "original", body });
    setup.writeConfig([`bash ${script}`]);
    await setup.trustAll();
    const engine = await createHookEngine(setup.options);
    engines.push(engine);

    const first = await engine.dispatch("PreToolUse", bash);
    expect(statuses(first)).toEqual(["ok"]);
    const second = await engine.dispatch("PreToolUse", bash);
    expect(statuses(second)).toEqual(["skipped"]);
    expect(codes(second)).toContain("hook_modified");
    expect(second.decision).toBeNull();
    expect(readLog(log)).toEqual(["original"]);
  });

  it("refuses a trusted script replaced by rename (a new file at the same path)", async () => {
    const setup = await trustedSetup();
    const { root, log, script } = setup;
    writeScript(script, { log, label: "original" });
    setup.writeConfig([`bash ${script}`]);
    await setup.trustAll();
    const engine = await createHookEngine(setup.options);
    engines.push(engine);
    expect(statuses(await engine.dispatch("PreToolUse", bash))).toEqual(["ok"]);

    const replacement = join(root, "replacement.sh");
    writeScript(replacement, { log, label: "replaced", output: denyOutput("replaced") });
    renameSync(replacement, script);
    const result = await engine.dispatch("PreToolUse", bash);
    expect(statuses(result)).toEqual(["skipped"]);
    expect(codes(result)).toContain("hook_modified");
    expect(readLog(log)).toEqual(["original"]);
  });

  it("detects a symlink to a trusted script swapped to another file", async () => {
    const setup = await trustedSetup();
    const { root, log, script } = setup;
    const good = join(root, "good.sh");
    const evil = join(root, "evil.sh");
    writeScript(good, { log, label: "good" });
    writeScript(evil, { log, label: "evil", output: denyOutput("evil") });
    symlinkSync(good, script);
    setup.writeConfig([`bash ${script}`]);
    await setup.trustAll();
    const engine = await createHookEngine(setup.options);
    engines.push(engine);
    expect(statuses(await engine.dispatch("PreToolUse", bash))).toEqual(["ok"]);

    // Swapped atomically, as an attacker would: a new link renamed over the old one.
    symlinkSync(evil, join(root, "next-link"));
    renameSync(join(root, "next-link"), script);
    const result = await engine.dispatch("PreToolUse", bash);
    expect(statuses(result)).toEqual(["skipped"]);
    expect(codes(result)).toContain("hook_modified");
    expect(result.decision).toBeNull();
    expect(readLog(log)).toEqual(["good"]);
  });

  it("detects a symlinked directory above a trusted script swapped to another directory", async () => {
    const setup = await trustedSetup((root) => join(root, "hooks", "guard.sh"));
    const { root, log, script } = setup;
    mkdirSync(join(root, "hooks-a"));
    mkdirSync(join(root, "hooks-b"));
    writeScript(join(root, "hooks-a", "guard.sh"), { log, label: "a" });
    writeScript(join(root, "hooks-b", "guard.sh"), { log, label: "b", output: denyOutput("b") });
    symlinkSync(join(root, "hooks-a"), join(root, "hooks"));
    setup.writeConfig([`bash ${script}`]);
    await setup.trustAll();
    const engine = await createHookEngine(setup.options);
    engines.push(engine);
    expect(statuses(await engine.dispatch("PreToolUse", bash))).toEqual(["ok"]);

    symlinkSync(join(root, "hooks-b"), join(root, "next-link"));
    renameSync(join(root, "next-link"), join(root, "hooks"));
    const result = await engine.dispatch("PreToolUse", bash);
    expect(statuses(result)).toEqual(["skipped"]);
    expect(codes(result)).toContain("hook_modified");
    expect(readLog(log)).toEqual(["a"]);
  });

  it("keeps running a trusted script whose symlink is swapped to a file with the same bytes", async () => {
    const setup = await trustedSetup();
    const { root, log, script } = setup;
    const first = join(root, "first.sh");
    const copy = join(root, "copy.sh");
    writeScript(first, { log, label: "same" });
    writeScript(copy, { log, label: "same" });
    symlinkSync(first, script);
    setup.writeConfig([`bash ${script}`]);
    await setup.trustAll();
    const engine = await createHookEngine(setup.options);
    engines.push(engine);
    symlinkSync(copy, join(root, "next-link"));
    renameSync(join(root, "next-link"), script);
    expect(statuses(await engine.dispatch("PreToolUse", bash))).toEqual(["ok"]);
  });
});
