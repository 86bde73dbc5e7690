import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { copyFixture } from "../../../test/support/copy-fixture.js";
import { createTestWorkspace } from "../../../test/support/create-test-workspace.js";
import {
  createConfigSource,
  locateDiagnostics,
} from "../../../test/support/dialect-test-support.js";
import { vscodeProfile } from "../../profiles/vscode.js";
import type { ConfigSource } from "../discover-config-files.js";
import { loadConfig } from "../load-config.js";
import { detectHookFormat } from "./detect-hook-format.js";
import { mapCopilotEntry } from "./map-copilot-format.js";
import { selectLocalCommand } from "./select-local-command.js";
import { parseVscodeConfig } from "./vscode.js";

const fixtures = fileURLToPath(new URL("../../../test/fixtures/", import.meta.url));

const source = createConfigSource("/work/repo/.github/hooks/policy.json", "project", "vscode");
const parse = (document: unknown, from: ConfigSource = source) =>
  parseVscodeConfig(document, from, vscodeProfile);
/** Reads explicit files the way `--config` does (JSONC, the vscode dialect). */
const load = (...files: string[]) =>
  loadConfig(vscodeProfile, { home: "/nonexistent-home", cwd: fixtures, configFiles: files });
/** The command this platform runs for a Local entry's command properties. */
const here = (commands: Parameters<typeof selectLocalCommand>[0]) =>
  selectLocalCommand(commands, process.platform);

describe("detectHookFormat", () => {
  it.each([
    [{ version: 1, hooks: {} }, "copilot"],
    [{ hooks: { preToolUse: [{ type: "command", bash: "x" }] } }, "copilot"],
    [{ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [] }] } }, "claude"],
    [{ hooks: { Stop: [{ hooks: [{ type: "command", command: "x" }] }] } }, "claude"],
    [{ hooks: { PreToolUse: [{ type: "command", command: "x", matcher: "Bash" }] } }, "local"],
    [{ hooks: { Stop: [{ type: "command", command: "x" }] } }, "local"],
    [{ permissions: {} }, "local"],
    // A list mixing flat entries and matcher groups is read entry by entry, in the flat format.
    [{ hooks: { Stop: [{ type: "command", command: "x" }, { hooks: [] }] } }, "local"],
    [{ hooks: { Stop: [{ hooks: [] }, { type: "command", command: "x" }] } }, "local"],
    [
      { hooks: { Stop: [{ hooks: [] }], PreToolUse: [{ type: "command", command: "x" }] } },
      "local",
    ],
    [{ hooks: { Stop: [{ hooks: [] }, { type: "command", bash: "x" }] } }, "copilot"],
    [{ version: 1, hooks: { agentStop: [{ hooks: [] }] } }, "copilot"],
  ] as const)("%j → %s", (document, format) => {
    expect(detectHookFormat(document)).toBe(format);
  });
});

describe("mapCopilotEntry", () => {
  it.each([
    [
      { type: "command", bash: "./a.sh", powershell: "./a.ps1", timeoutSec: 10 },
      { type: "command", linux: "./a.sh", osx: "./a.sh", windows: "./a.ps1", timeout: 10 },
    ],
    [
      { type: "command", bash: "./a.sh", cwd: "scripts", env: { A: "1" }, comment: "docs" },
      { type: "command", linux: "./a.sh", osx: "./a.sh", cwd: "scripts", env: { A: "1" } },
    ],
    [
      { type: "command", powershell: "./a.ps1", matcher: "create_file" },
      { type: "command", windows: "./a.ps1", matcher: "create_file" },
    ],
  ])("%j → %j", (entry, local) => {
    expect(mapCopilotEntry(entry)).toEqual(local);
  });
});

describe("parseVscodeConfig: the native Local format", () => {
  it("reads a flat list per event with OS overrides, cwd, env and timeout", async () => {
    const file = join(fixtures, "vscode/native/workspace/.github/hooks/policy.json");
    const loaded = await load(file);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.definitions).toEqual([
      {
        event: "PreToolUse",
        matcher: null,
        if: null,
        command: here({
          command: "./scripts/validate-tool.sh",
          windows: "powershell -File scripts\\validate-tool.ps1",
          linux: "./scripts/validate-tool-linux.sh",
          osx: "./scripts/validate-tool-macos.sh",
        }),
        timeoutMs: 15_000,
        statusMessage: null,
        cwd: null,
        additionalContextLimit: null,
        persistent: false,
        trust: "none",
        env: {},
        file,
        layer: "explicit",
        path: "hooks.PreToolUse[0]",
        groupPath: "hooks.PreToolUse[0]",
        groupIndex: 0,
        handlerIndex: 0,
      },
      expect.objectContaining({
        event: "PreToolUse",
        command: "./scripts/audit.sh",
        timeoutMs: 30_000,
        cwd: "tools",
        env: { AUDIT_LEVEL: "strict" },
        path: "hooks.PreToolUse[1]",
        groupIndex: 1,
        handlerIndex: 0,
      }),
      expect.objectContaining({ event: "Stop", path: "hooks.Stop[0]", timeoutMs: 30_000 }),
    ]);
  });

  it("drops bad entries with diagnostics at their JSON paths and keeps valid siblings", async () => {
    const loaded = await load(join(fixtures, "vscode/bad-entries/hooks.json"));
    expect(locateDiagnostics(loaded.diagnostics)).toEqual([
      ["unknown_field", "warning", "version_note"],
      ["invalid_config", "error", "hooks.PreToolUse[0].type"],
      ["unsupported_handler_type", "error", "hooks.PreToolUse[1].type"],
      ["invalid_config", "error", "hooks.PreToolUse[2]"],
      ["invalid_config", "error", "hooks.PreToolUse[3].timeout"],
      ["invalid_config", "error", "hooks.PreToolUse[4].env.LEVEL"],
      ["matcher_ignored", "warning", "hooks.PreToolUse[5].matcher"],
      ["unknown_field", "warning", "hooks.PreToolUse[5].shell"],
      ["invalid_config", "error", "hooks.PreToolUse[6]"],
      ["unknown_event", "warning", "hooks.Notification"],
      ["invalid_config", "error", "hooks.Stop"],
    ]);
    expect(loaded.definitions.map((definition) => [definition.path, definition.matcher])).toEqual([
      ["hooks.PreToolUse[5]", null],
      ["hooks.PreToolUse[7]", null],
    ]);
    expect(loaded.diagnostics[3]?.message).toContain("command, windows, linux, osx");
  });

  it("skips an entry with no command for this platform, saying so", () => {
    const other = process.platform === "win32" ? "linux" : "windows";
    const result = parse({ hooks: { Stop: [{ type: "command", [other]: "./elsewhere" }] } });
    expect(result.definitions).toEqual([]);
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["invalid_config", "info", "hooks.Stop[0]"],
    ]);
    expect(result.groupCounts).toEqual({ Stop: 1 });
  });

  it("accepts camelCase event names as VS Code does", () => {
    const result = parse({ hooks: { preToolUse: [{ type: "command", command: "./x.sh" }] } });
    expect(result.diagnostics).toEqual([]);
    expect(result.definitions[0]).toMatchObject({
      event: "PreToolUse",
      path: "hooks.preToolUse[0]",
    });
  });

  it("reports a document that is not an object, and reads an empty one as nothing", () => {
    expect(locateDiagnostics(parse([]).diagnostics)).toEqual([["invalid_config", "error", null]]);
    expect(parse(undefined)).toEqual({ definitions: [], diagnostics: [], groupCounts: {} });
    expect(locateDiagnostics(parse({ hooks: [] }).diagnostics)).toEqual([
      ["invalid_config", "error", "hooks"],
    ]);
  });
});

describe("parseVscodeConfig: lists mixing flat entries and matcher groups", () => {
  const flat = (command: string) => ({ type: "command", command });
  const matcherGroup = (matcher: string | null, ...commands: string[]) => ({
    ...(matcher === null ? {} : { matcher }),
    hooks: commands.map((command) => ({ type: "command", command })),
  });
  const summarize = (document: unknown) => {
    const result = parse(document);
    return {
      diagnostics: locateDiagnostics(result.diagnostics),
      definitions: result.definitions.map((d) => [d.command, d.matcher, d.path, d.groupIndex]),
    };
  };

  it.each<[string, unknown[], unknown[][]]>([
    [
      "an entry, then a group",
      [flat("./a.sh"), matcherGroup("Bash", "./b.sh")],
      [
        ["./a.sh", null, "hooks.PreToolUse[0]", 0],
        ["./b.sh", "Bash", "hooks.PreToolUse[1].hooks[0]", 1],
      ],
    ],
    [
      "a group, then an entry",
      [matcherGroup("Bash", "./b.sh"), flat("./a.sh")],
      [
        ["./b.sh", "Bash", "hooks.PreToolUse[0].hooks[0]", 0],
        ["./a.sh", null, "hooks.PreToolUse[1]", 1],
      ],
    ],
    [
      "entry, two-handler group, entry",
      [flat("./a.sh"), matcherGroup(null, "./b.sh", "./c.sh"), flat("./d.sh")],
      [
        ["./a.sh", null, "hooks.PreToolUse[0]", 0],
        ["./b.sh", null, "hooks.PreToolUse[1].hooks[0]", 1],
        ["./c.sh", null, "hooks.PreToolUse[1].hooks[1]", 1],
        ["./d.sh", null, "hooks.PreToolUse[2]", 2],
      ],
    ],
    [
      "group, entry, group",
      [matcherGroup("Edit", "./a.sh"), flat("./b.sh"), matcherGroup("Write", "./c.sh")],
      [
        ["./a.sh", "Edit", "hooks.PreToolUse[0].hooks[0]", 0],
        ["./b.sh", null, "hooks.PreToolUse[1]", 1],
        ["./c.sh", "Write", "hooks.PreToolUse[2].hooks[0]", 2],
      ],
    ],
  ])("loads both, in order: %s", (_name, list, expected) => {
    expect(summarize({ hooks: { PreToolUse: list } })).toEqual({
      diagnostics: [],
      definitions: expected,
    });
  });

  it("loads a flat event beside a grouped event", () => {
    expect(
      summarize({
        hooks: { Stop: [flat("./stop.sh")], PreToolUse: [matcherGroup("Bash", "./b.sh")] },
      }),
    ).toEqual({
      diagnostics: [],
      definitions: [
        ["./stop.sh", null, "hooks.Stop[0]", 0],
        ["./b.sh", "Bash", "hooks.PreToolUse[0].hooks[0]", 0],
      ],
    });
  });

  it("reads Copilot entries beside a group, by their Copilot names", () => {
    const result = parse({
      hooks: {
        preToolUse: [
          { type: "command", bash: "./guard.sh", timeoutSec: 5 },
          matcherGroup("Bash", "./b.sh"),
        ],
      },
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.definitions.map((d) => [d.event, d.command, d.timeoutMs, d.path])).toEqual([
      [
        "PreToolUse",
        here({ linux: "./guard.sh", osx: "./guard.sh" }),
        5_000,
        "hooks.preToolUse[0]",
      ],
      ["PreToolUse", "./b.sh", 30_000, "hooks.preToolUse[1].hooks[0]"],
    ]);
  });

  it("still reports a bad entry and a bad group of a mixed list, keeping their siblings", () => {
    expect(
      summarize({
        hooks: {
          PreToolUse: [
            flat("./a.sh"),
            { type: "command" },
            { matcher: "Bash", hooks: "not a list" },
            matcherGroup(null, "./d.sh"),
          ],
        },
      }),
    ).toEqual({
      diagnostics: [
        ["invalid_config", "error", "hooks.PreToolUse[1]"],
        ["invalid_config", "error", "hooks.PreToolUse[2].hooks"],
      ],
      definitions: [
        ["./a.sh", null, "hooks.PreToolUse[0]", 0],
        ["./d.sh", null, "hooks.PreToolUse[3].hooks[0]", 3],
      ],
    });
  });
});

describe("parseVscodeConfig: blank command properties", () => {
  it.each([
    [{ linux: "" }],
    [{ osx: "" }],
    [{ windows: "" }],
    [{ linux: "  ", osx: "\t", windows: " " }],
  ])("falls back to command with %j, without a diagnostic", (overrides) => {
    const result = parse({
      hooks: { Stop: [{ type: "command", command: "./stop.sh", ...overrides }] },
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.definitions.map((d) => d.command)).toEqual(["./stop.sh"]);
  });

  it("skips an entry whose only command property is blank, at that property", () => {
    const result = parse({ hooks: { Stop: [{ type: "command", command: " ", linux: "" }] } });
    expect(result.definitions).toEqual([]);
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["invalid_config", "error", "hooks.Stop[0].command"],
    ]);
    expect(result.diagnostics[0]?.message).toContain("command is empty");
  });

  it("still rejects an override that is not a string", () => {
    const result = parse({ hooks: { Stop: [{ type: "command", command: "./a.sh", linux: 3 }] } });
    expect(result.definitions).toEqual([]);
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["invalid_config", "error", "hooks.Stop[0].linux"],
    ]);
  });
});

describe("parseVscodeConfig: the Copilot CLI format", () => {
  it("maps camelCase events, bash / powershell, cwd, env and timeoutSec", async () => {
    const file = join(fixtures, "copilot/basic/hooks.json");
    const loaded = await load(file);
    expect(locateDiagnostics(loaded.diagnostics)).toEqual([
      ["unknown_event", "warning", "hooks.sessionEnd"],
      ["unknown_event", "warning", "hooks.errorOccurred"],
    ]);
    expect(loaded.diagnostics[0]?.message).toContain("no VS Code (Local harness) equivalent");
    const bashOrPowershell = (bash: string, powershell?: string) =>
      here({ linux: bash, osx: bash, windows: powershell });
    expect(
      loaded.definitions.map((d) => [d.event, d.path, d.command, d.timeoutMs, d.matcher]),
    ).toEqual([
      [
        "SessionStart",
        "hooks.sessionStart[0]",
        bashOrPowershell("./scripts/session-banner.sh", "./scripts/session-banner.ps1"),
        10_000,
        null,
      ],
      [
        "UserPromptSubmit",
        "hooks.userPromptSubmitted[0]",
        bashOrPowershell("./scripts/log-prompt.sh"),
        30_000,
        null,
      ],
      [
        "PreToolUse",
        "hooks.preToolUse[0]",
        bashOrPowershell("./scripts/guard.sh", "./scripts/guard.ps1"),
        15_000,
        null,
      ],
      [
        "PreToolUse",
        "hooks.preToolUse[1]",
        bashOrPowershell("./scripts/guard-edits.sh"),
        30_000,
        "create_file|replace_string_in_file",
      ],
      ["PostToolUse", "hooks.postToolUse[0]", bashOrPowershell("./scripts/post.sh"), 30_000, null],
      ["Stop", "hooks.agentStop[0]", bashOrPowershell("./scripts/agent-stop.sh"), 30_000, null],
      [
        "SubagentStart",
        "hooks.subagentStart[0]",
        bashOrPowershell("./scripts/subagent-start.sh"),
        30_000,
        null,
      ],
      [
        "SubagentStop",
        "hooks.subagentStop[0]",
        bashOrPowershell("./scripts/subagent-stop.sh"),
        30_000,
        null,
      ],
      [
        "PreCompact",
        "hooks.preCompact[0]",
        bashOrPowershell("./scripts/pre-compact.sh"),
        30_000,
        null,
      ],
    ]);
    expect(loaded.definitions[0]).toMatchObject({ cwd: "scripts", env: {} });
    expect(loaded.definitions[1]).toMatchObject({ cwd: null, env: { LOG_LEVEL: "INFO" } });
  });

  it("reports bad entries under their Copilot names and numbers both spellings of an event together", async () => {
    const loaded = await load(join(fixtures, "copilot/bad-entries/hooks.json"));
    const windowsOnly =
      process.platform === "win32" ? [] : [["invalid_config", "info", "hooks.preToolUse[3]"]];
    expect(locateDiagnostics(loaded.diagnostics)).toEqual([
      ["invalid_config", "warning", "version"],
      ["invalid_config", "error", "hooks.preToolUse[0].bash"],
      ["invalid_config", "error", "hooks.preToolUse[1].timeoutSec"],
      ["unknown_field", "warning", "hooks.preToolUse[2].command"],
      ["invalid_config", "error", "hooks.preToolUse[2]"],
      ...windowsOnly,
      ["unknown_field", "warning", "hooks.preToolUse[4].timeout"],
    ]);
    expect(loaded.diagnostics[2]?.message).toContain("timeoutSec: must be a number of seconds");
    expect(loaded.diagnostics[4]?.message).toContain("(bash, powershell)");
    expect(loaded.definitions.map((d) => [d.path, d.groupIndex, d.timeoutMs]).slice(-2)).toEqual([
      ["hooks.preToolUse[4]", 4, 30_000],
      ["hooks.PreToolUse[0]", 5, 30_000],
    ]);
  });

  it("recognizes a Copilot file without version by its bash / timeoutSec keys", async () => {
    const loaded = await load(join(fixtures, "copilot/no-version/hooks.json"));
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.definitions).toMatchObject([
      { event: "PreToolUse", command: here({ linux: "./guard.sh", osx: "./guard.sh" }) },
    ]);
  });
});

describe("parseVscodeConfig: the Claude format", () => {
  it("reads JSONC settings with comments, keeps matchers and ignores other settings", async () => {
    const root = copyFixture("vscode/claude-settings", createTestWorkspace("vscode").root);
    const settings = join(root, "workspace/.claude/settings.json");
    const local = join(root, "workspace/.claude/settings.local.json");
    const loaded = await load(settings, local);
    expect(locateDiagnostics(loaded.diagnostics)).toEqual([
      ["unsupported_handler_type", "warning", "hooks.PreToolUse[1].hooks[0].type"],
      ["unknown_event", "warning", "hooks.Notification"],
      ["unsupported_field", "warning", "hooks.PostToolUse[0].hooks[0].async"],
    ]);
    expect(
      loaded.definitions.map((d) => [d.event, d.matcher, d.if, d.command, d.timeoutMs, d.path]),
    ).toEqual([
      [
        "PreToolUse",
        "Edit|Write",
        null,
        "./.claude/hooks/format.sh",
        60_000,
        "hooks.PreToolUse[0].hooks[0]",
      ],
      [
        "PreToolUse",
        "Edit|Write",
        "Edit(src/**)",
        "./.claude/hooks/if.sh",
        30_000,
        "hooks.PreToolUse[0].hooks[1]",
      ],
      ["Stop", null, null, "./.claude/hooks/stop.sh", 30_000, "hooks.Stop[0].hooks[0]"],
      ["PostToolUse", "Bash", null, "./local-log.sh", 30_000, "hooks.PostToolUse[0].hooks[0]"],
    ]);
    expect(loaded.definitions.map((d) => d.file)).toEqual([settings, settings, settings, local]);
  });

  it("warns about unknown top-level fields in hook files but not in settings files", () => {
    const document = { permissions: {}, hooks: {} };
    expect(locateDiagnostics(parse(document).diagnostics)).toEqual([
      ["unknown_field", "warning", "permissions"],
    ]);
    const settings = { ...source, file: "/work/repo/.claude/settings.local.json" };
    expect(parse(document, settings).diagnostics).toEqual([]);
  });
});

describe("parseVscodeConfig did-you-mean", () => {
  it.each([
    [
      "an event",
      { hooks: { PreToolUze: [] } },
      'no hook event "PreToolUze" (did you mean "PreToolUse"?);',
    ],
    [
      "an entry field",
      { hooks: { PreToolUse: [{ type: "command", command: "./x.sh", timout: 5 }] } },
      'Unknown hook entry field "timout" (did you mean "timeout"?)',
    ],
  ])("suggests the name closest to %s", (_, document, message) => {
    expect(parse(document).diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      expect.stringContaining(message),
    ]);
  });
});
