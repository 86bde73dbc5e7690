import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyFixture } from "../../../test/support/copy-fixture.js";
import { createTestWorkspace } from "../../../test/support/create-test-workspace.js";
import { zerocodeProfile } from "../../profiles/zerocode.js";
import { describeConfigFiles } from "../discover-config-files.js";
import { type LoadedConfig, loadConfig } from "../load-config.js";
import { saveProjectTrust } from "../write-project-trust.js";

function copyZerocodeFixture(name: string, gitRoots: readonly string[] = []): string {
  return copyFixture(`zerocode/${name}`, createTestWorkspace("zerocode").root, gitRoots);
}

function load(root: string, cwd = join(root, "project")): Promise<LoadedConfig> {
  mkdirSync(cwd, { recursive: true });
  return loadConfig(zerocodeProfile, {
    home: join(root, "home"),
    cwd,
    systemDir: join(root, "system"),
  });
}

const summarize = (loaded: LoadedConfig) =>
  loaded.definitions.map((definition) => [
    definition.layer,
    definition.trust,
    definition.event,
    definition.command,
  ]);
const codes = (loaded: LoadedConfig) =>
  loaded.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity]);

describe("ZeroCode discovery: layers", () => {
  it("loads every layer in order: system, user, project, plugins, managed", async () => {
    const root = copyZerocodeFixture("layers", ["project"]);
    const loaded = await load(root, join(root, "project", "src", "deep"));
    expect(loaded.hooksEnabled).toBe(true);
    expect(summarize(loaded)).toEqual([
      ["system", "managed", "SessionStart", "/opt/zerotwo/system-session-start.sh"],
      ["user", "review", "PreToolUse", "~/.zerotwo/hooks/user-json.sh"],
      ["user", "review", "PreToolUse", "~/.zerotwo/hooks/user-toml.sh"],
      [
        "project",
        "review",
        "Stop",
        '/usr/bin/python3 "$(git rev-parse --show-toplevel)/.zerotwo/hooks/stop_continue.py"',
      ],
      [
        "project",
        "review",
        "UserPromptSubmit",
        '/usr/bin/python3 "$(git rev-parse --show-toplevel)/.zerotwo/hooks/user_prompt_submit.py"',
      ],
      ["plugin:policy", "review", "PostToolUse", '"$PLUGIN_ROOT/hooks/review.sh"'],
      ["managed", "managed", "PreToolUse", "python3 /opt/zerotwo/managed/pre_tool_use_policy.py"],
    ]);
    expect(loaded.sources.map((source) => [source.layer, source.file])).toEqual([
      ["system", join(root, "system", "config.toml")],
      ["user", join(root, "home", ".zerotwo", "hooks.json")],
      ["user", join(root, "home", ".zerotwo", "config.toml")],
      ["project", join(root, "project", ".zerotwo", "hooks.json")],
      ["project", join(root, "project", ".zerotwo", "config.toml")],
      ["plugin:policy", join(root, "home", ".zerotwo", "plugins", "policy", "hooks", "hooks.json")],
      ["managed", join(root, "system", "requirements.toml")],
    ]);
    // Group numbering runs across files, so every handler id is unique.
    const preToolUse = loaded.definitions.filter((d) => d.event === "PreToolUse");
    expect(preToolUse.map((d) => [d.groupIndex, d.path])).toEqual([
      [0, "hooks.PreToolUse[0].hooks[0]"],
      [1, "hooks.PreToolUse[0].hooks[0]"],
      [2, "hooks.PreToolUse[0].hooks[0]"],
    ]);
    expect(loaded.diagnostics.map((d) => [d.code, d.severity, d.file, d.path])).toEqual([
      ["mixed_hook_sources", "warning", join(root, "home", ".zerotwo", "config.toml"), "hooks"],
      ["mixed_hook_sources", "warning", join(root, "project", ".zerotwo", "config.toml"), "hooks"],
    ]);
    expect(loaded.diagnostics[0]?.message).toBe(
      `The user layer defines hooks in both ${join(root, "home", ".zerotwo", "hooks.json")} and ${join(root, "home", ".zerotwo", "config.toml")} [hooks]; both are loaded (prefer one form per layer)`,
    );
  });

  it("reads the matcher, timeout and statusMessage of requirements.toml's managed hooks", async () => {
    const root = copyZerocodeFixture("layers", ["project"]);
    const loaded = await load(root);
    const managed = loaded.definitions.find((definition) => definition.layer === "managed");
    expect(managed).toMatchObject({
      matcher: "^Bash$",
      timeoutMs: 30_000,
      statusMessage: "Checking managed Bash command",
      file: join(root, "system", "requirements.toml"),
      path: "hooks.PreToolUse[0].hooks[0]",
      env: {},
    });
  });

  it("uses the cwd as the project when there is no git root", async () => {
    const root = copyZerocodeFixture("layers");
    const loaded = await load(root);
    expect(loaded.definitions.filter((d) => d.layer === "project")).toHaveLength(2);
    const deeper = await load(root, join(root, "project", "src"));
    expect(deeper.definitions.filter((d) => d.layer === "project")).toHaveLength(0);
  });

  it("does not read the user layer twice when the cwd is the home directory", async () => {
    const root = copyZerocodeFixture("layers");
    const loaded = await load(root, join(root, "home"));
    expect(loaded.definitions.filter((d) => d.layer === "user")).toHaveLength(2);
    expect(loaded.definitions.filter((d) => d.layer === "project")).toHaveLength(0);
  });

  it("lists the candidate files for `config path`", () => {
    const root = copyZerocodeFixture("layers", ["project"]);
    const files = describeConfigFiles(zerocodeProfile, {
      home: join(root, "home"),
      cwd: join(root, "project"),
      systemDir: join(root, "system"),
    });
    expect(files).toEqual([
      { file: join(root, "system", "hooks.json"), layer: "system", exists: false },
      { file: join(root, "system", "config.toml"), layer: "system", exists: true },
      { file: join(root, "home", ".zerotwo", "hooks.json"), layer: "user", exists: true },
      { file: join(root, "home", ".zerotwo", "config.toml"), layer: "user", exists: true },
      { file: join(root, "project", ".zerotwo", "hooks.json"), layer: "project", exists: true },
      { file: join(root, "project", ".zerotwo", "config.toml"), layer: "project", exists: true },
      { file: join(root, "system", "requirements.toml"), layer: "managed", exists: true },
    ]);
  });

  it("reads explicit files instead: .toml as config.toml, anything else as hooks.json", async () => {
    const root = copyZerocodeFixture("layers", ["project"]);
    const loaded = await loadConfig(zerocodeProfile, {
      home: join(root, "home"),
      cwd: join(root, "project"),
      systemDir: join(root, "system"),
      configFiles: [join(root, "system", "requirements.toml"), "home/.zerotwo/hooks.json"].map(
        (file) => (file.startsWith("/") ? file : join(root, file)),
      ),
    });
    expect(codes(loaded)).toEqual([]);
    expect(summarize(loaded)).toEqual([
      ["explicit", "review", "PreToolUse", "python3 /opt/zerotwo/managed/pre_tool_use_policy.py"],
      ["explicit", "review", "PreToolUse", "~/.zerotwo/hooks/user-json.sh"],
    ]);
  });
});

describe("ZeroCode discovery: project trust", () => {
  it("skips an untrusted project's hooks, says how many and how to trust it", async () => {
    const root = copyZerocodeFixture("untrusted-project", ["project"]);
    const loaded = await load(root, join(root, "project", "sub"));
    const project = join(root, "project");
    expect(loaded.hooksEnabled).toBe(true);
    expect(summarize(loaded)).toEqual([
      ["user", "review", "SessionStart", "~/.zerotwo/hooks/user.sh"],
    ]);
    expect(loaded.diagnostics).toEqual([
      {
        code: "project_untrusted",
        severity: "warning",
        message: `Project hooks are not loaded because ${project} is not trusted (3 handlers in ${join(project, ".zerotwo", "hooks.json")}, ${join(project, ".zerotwo", "config.toml")}); to trust it run: agent-hooks trust-project ${project} --profile zerocode --home ${join(root, "home")}`,
        file: join(project, ".zerotwo", "hooks.json"),
        path: null,
      },
    ]);
  });

  it("loads the project once trust-project's edit is in the user's config.toml", async () => {
    const root = copyZerocodeFixture("untrusted-project", ["project"]);
    const project = join(root, "project");
    const configFile = join(root, "home", ".zerotwo", "config.toml");
    expect(await saveProjectTrust(configFile, project)).toMatchObject({ ok: true });
    expect(readFileSync(configFile, "utf8")).toContain("# Trusts another project only.");
    const loaded = await load(root, join(project, "sub"));
    // The trusted project's [features] hooks = false now applies.
    expect(loaded.hooksEnabled).toBe(false);
    expect(loaded.definitions).toEqual([]);
    expect(loaded.diagnostics).toEqual([
      expect.objectContaining({
        code: "hooks_disabled",
        severity: "info",
        file: join(project, ".zerotwo", "config.toml"),
        path: "features.hooks",
      }),
    ]);
  });

  it("accepts trust recorded for the cwd itself", async () => {
    const root = copyZerocodeFixture("untrusted-project", ["project"]);
    const cwd = join(root, "project", "sub");
    mkdirSync(cwd, { recursive: true });
    await saveProjectTrust(join(root, "home", ".zerotwo", "config.toml"), cwd);
    const loaded = await load(root, cwd);
    expect(loaded.hooksEnabled).toBe(false);
  });
});

describe("ZeroCode discovery: features and requirements", () => {
  it("turns hooks off with [features] hooks = false; the user layer beats the system layer", async () => {
    const root = copyZerocodeFixture("features-off");
    const loaded = await load(root);
    expect(loaded).toEqual({
      sources: [],
      definitions: [],
      hooksEnabled: false,
      diagnostics: [
        {
          code: "hooks_disabled",
          severity: "info",
          message: `Hooks are turned off by configuration: [features] hooks = false in ${join(root, "home", ".zerotwo", "config.toml")}; no hooks are loaded`,
          file: join(root, "home", ".zerotwo", "config.toml"),
          path: "features.hooks",
        },
      ],
      // Kept for `explain`, never loaded.
      excluded: [
        expect.objectContaining({
          reason: "hooks-off",
          source: expect.objectContaining({ file: join(root, "home", ".zerotwo", "hooks.json") }),
        }),
      ],
    });
  });

  it("reads zerocode_hooks as a deprecated alias", async () => {
    const root = copyZerocodeFixture("features-alias");
    const loaded = await load(root);
    expect(loaded.hooksEnabled).toBe(false);
    expect(loaded.diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([
      ["deprecated_field", "warning", "features.zerocode_hooks"],
      ["hooks_disabled", "info", "features.zerocode_hooks"],
    ]);
  });

  it("lets a trusted project turn hooks off over the user's on", async () => {
    const root = copyZerocodeFixture("project-features-off", ["project"]);
    const loaded = await load(root);
    expect(loaded.hooksEnabled).toBe(false);
    expect(loaded.diagnostics[0]?.file).toBe(join(root, "project", ".zerotwo", "config.toml"));
  });

  it("lets requirements.toml pin hooks on over a user's off", async () => {
    const root = copyZerocodeFixture("requirements-pin-on");
    const loaded = await load(root);
    expect(loaded.hooksEnabled).toBe(true);
    expect(codes(loaded)).toEqual([]);
    expect(summarize(loaded)).toEqual([
      ["user", "review", "Stop", "./stop.sh"],
      ["managed", "managed", "PreToolUse", "/opt/zerotwo/managed/guard.sh"],
    ]);
  });

  it("lets requirements.toml force hooks off as administrator policy", async () => {
    const root = copyZerocodeFixture("requirements-off");
    const loaded = await load(root);
    expect(loaded.hooksEnabled).toBe(false);
    expect(loaded.diagnostics).toEqual([
      expect.objectContaining({
        code: "hooks_disabled",
        message: expect.stringContaining("turned off by administrator policy"),
        file: join(root, "system", "requirements.toml"),
      }),
    ]);
  });

  it("loads only managed hooks with allow_managed_hooks_only, listing what it skipped", async () => {
    const root = copyZerocodeFixture("managed-only", ["project"]);
    const loaded = await load(root);
    expect(summarize(loaded)).toEqual([
      ["system", "managed", "SessionStart", "/opt/zerotwo/system.sh"],
      ["managed", "managed", "Stop", "/opt/zerotwo/managed/stop.sh"],
    ]);
    expect(loaded.diagnostics).toEqual([
      {
        code: "hooks_disabled",
        severity: "info",
        message: `allow_managed_hooks_only = true: only managed hooks load; skipped ${join(root, "home", ".zerotwo", "hooks.json")}, ${join(root, "project", ".zerotwo", "hooks.json")}, plugin "notes"`,
        file: join(root, "system", "requirements.toml"),
        path: "allow_managed_hooks_only",
      },
    ]);
  });
});

describe("ZeroCode discovery: TOML errors", () => {
  it("reports a config.toml syntax error with line and column; other files still load", async () => {
    const root = copyZerocodeFixture("invalid-toml");
    const loaded = await load(root);
    const file = join(root, "home", ".zerotwo", "config.toml");
    expect(loaded.diagnostics).toEqual([
      {
        code: "invalid_toml",
        severity: "error",
        message: `${file} is not valid TOML: control characters are not allowed in strings at line 2, column 18`,
        file,
        path: null,
      },
    ]);
    expect(summarize(loaded)).toEqual([
      ["system", "managed", "SessionStart", "/opt/zerotwo/system.sh"],
      ["user", "review", "Stop", "./user-stop.sh"],
    ]);
  });
});

describe("ZeroCode discovery: handler rules on a real tree", () => {
  it("applies SessionEnd's timeouts and skips prompt, agent and async handlers with warnings", async () => {
    const root = copyZerocodeFixture("handler-rules");
    const loaded = await load(root);
    const json = "/home/.zerotwo/hooks.json";
    const toml = "/home/.zerotwo/config.toml";
    expect(
      loaded.diagnostics.map((d) => [d.code, d.severity, d.path, d.file?.slice(root.length)]),
    ).toEqual([
      ["mixed_hook_sources", "warning", "hooks", toml],
      ["timeout_clamped", "warning", "hooks.SessionEnd[0].hooks[1].timeout", json],
      ["unsupported_handler_type", "warning", "hooks.PreToolUse[0].hooks[0].type", json],
      ["unsupported_handler_type", "warning", "hooks.PreToolUse[0].hooks[1].type", json],
      ["unsupported_field", "warning", "hooks.PreToolUse[0].hooks[2].async", json],
      ["unsupported_handler_type", "error", "hooks.PreToolUse[0].hooks[3].type", json],
      ["unsupported_field", "warning", "hooks.Stop[0].hooks[0].additionalContextLimit", json],
      ["unknown_event", "warning", "hooks.Notification", json],
      ["unknown_field", "warning", "hooks.SessionStart[0].hooks[1].additional_context_limit", toml],
      ["invalid_config", "warning", "hooks.SessionStart[0].hooks[1].command_windows", toml],
    ]);
    expect(
      loaded.definitions.map((d) => [d.event, d.command, d.timeoutMs, d.additionalContextLimit]),
    ).toEqual([
      ["SessionEnd", "./end-default.sh", 1000, null],
      ["SessionEnd", "./end-long.sh", 3000, null],
      ["SessionEnd", "./end-ok.sh", 2500, null],
      ["PreToolUse", process.platform === "win32" ? "guard.cmd" : "./guard.sh", 600_000, 0],
      ["Stop", "./stop.sh", 600_000, null],
      [
        "SessionStart",
        process.platform === "win32" ? "session-start.cmd" : "./session-start.sh",
        600_000,
        5000,
      ],
      [
        "SessionStart",
        process.platform === "win32" ? "b.cmd" : "./both-spellings.sh",
        600_000,
        null,
      ],
    ]);
  });
});

describe("ZeroCode discovery: managed policy fails closed", () => {
  it("loads only managed hooks when requirements.toml cannot be parsed", async () => {
    const root = copyZerocodeFixture("layers", ["project"]);
    writeFileSync(join(root, "system", "requirements.toml"), "allow_managed_hooks_only = [\n");
    const loaded = await load(root);
    expect(loaded.definitions.length).toBeGreaterThan(0);
    expect(loaded.definitions.every((definition) => definition.trust === "managed")).toBe(true);
    expect(codes(loaded)).toEqual(
      expect.arrayContaining([
        ["invalid_toml", "error"],
        ["hooks_disabled", "error"],
      ]),
    );
  });

  it("treats a non-boolean allow_managed_hooks_only as true", async () => {
    const root = copyZerocodeFixture("layers", ["project"]);
    writeFileSync(join(root, "system", "requirements.toml"), 'allow_managed_hooks_only = "yes"\n');
    const loaded = await load(root);
    expect(loaded.definitions.length).toBeGreaterThan(0);
    expect(loaded.definitions.every((definition) => definition.trust === "managed")).toBe(true);
    expect(codes(loaded)).toContainEqual(["invalid_config", "error"]);
  });
});
