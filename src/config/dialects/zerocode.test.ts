import { describe, expect, it } from "vitest";
import {
  createCommandHandler,
  locateDiagnostics,
} from "../../../test/support/dialect-test-support.js";
import { zerocodeProfile } from "../../profiles/zerocode.js";
import type { ConfigSource } from "../discover-config-files.js";
import { parseZerocodeConfig } from "./zerocode.js";

const jsonSource: ConfigSource = {
  file: "/home/me/.zerotwo/hooks.json",
  layer: "user",
  dialect: "zerocode",
  explicit: false,
  trust: "review",
};
const tomlSource: ConfigSource = { ...jsonSource, file: "/home/me/.zerotwo/config.toml" };

const parse = (document: unknown, source: ConfigSource = jsonSource) =>
  parseZerocodeConfig(document, source, zerocodeProfile);
const on = (event: string, ...hooks: unknown[]) => ({ hooks: { [event]: [{ hooks }] } });

describe("parseZerocodeConfig (hooks.json)", () => {
  it("normalizes the seed's shape, ignoring the top-level description", () => {
    const result = parse({
      description: "Optional lifecycle hooks for this workspace.",
      hooks: {
        SessionStart: [
          {
            matcher: "startup|resume",
            hooks: [
              createCommandHandler({
                command: "python3 ~/.zerotwo/hooks/session_start.py",
                statusMessage: "Loading session notes",
                additionalContextLimit: 5000,
              }),
            ],
          },
        ],
        SessionEnd: [{ hooks: [createCommandHandler({ timeout: 3 })] }],
      },
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.groupCounts).toEqual({ SessionStart: 1, SessionEnd: 1 });
    expect(result.definitions).toEqual([
      {
        event: "SessionStart",
        matcher: "startup|resume",
        if: null,
        command: "python3 ~/.zerotwo/hooks/session_start.py",
        timeoutMs: 600_000,
        statusMessage: "Loading session notes",
        cwd: null,
        additionalContextLimit: 5000,
        persistent: false,
        trust: "review",
        env: {},
        file: jsonSource.file,
        layer: "user",
        path: "hooks.SessionStart[0].hooks[0]",
        groupPath: "hooks.SessionStart[0]",
        groupIndex: 0,
        handlerIndex: 0,
      },
      expect.objectContaining({ event: "SessionEnd", timeoutMs: 3000, matcher: null }),
    ]);
  });

  it("takes trust and env from the source", () => {
    const source: ConfigSource = {
      ...jsonSource,
      layer: "plugin:x",
      env: { PLUGIN_ROOT: "/p" },
      trust: "managed",
    };
    const [definition] = parse(on("Stop", createCommandHandler()), source).definitions;
    expect(definition).toMatchObject({ trust: "managed", env: { PLUGIN_ROOT: "/p" } });
  });

  it.each([
    ["no timeout", undefined, 1000, []],
    ["2.5 s", 2.5, 2500, []],
    ["3 s", 3, 3000, []],
    ["10 s", 10, 3000, [["timeout_clamped", "warning", "hooks.SessionEnd[0].hooks[0].timeout"]]],
  ])("SessionEnd with %s runs for %d ms", (_name, timeout, timeoutMs, diagnostics) => {
    const result = parse(
      on("SessionEnd", createCommandHandler(timeout === undefined ? {} : { timeout })),
    );
    expect(result.definitions[0]?.timeoutMs).toBe(timeoutMs);
    expect(locateDiagnostics(result.diagnostics)).toEqual(diagnostics);
  });

  it("defaults other events to 600 s and does not clamp them", () => {
    const result = parse(
      on("Stop", createCommandHandler(), createCommandHandler({ timeout: 7200 })),
    );
    expect(result.definitions.map((definition) => definition.timeoutMs)).toEqual([
      600_000, 7_200_000,
    ]);
    expect(result.diagnostics).toEqual([]);
  });

  it.each(["prompt", "agent"])("parses and skips a %s handler with a warning", (type) => {
    const result = parse(on("PreToolUse", { type, prompt: "Is it safe?" }, createCommandHandler()));
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: "unsupported_handler_type",
        severity: "warning",
        path: "hooks.PreToolUse[0].hooks[0].type",
        message: expect.stringContaining(`"${type}" is parsed but not run by ZeroCode`),
      }),
    ]);
    expect(result.definitions.map((definition) => definition.handlerIndex)).toEqual([1]);
  });

  it("rejects an unknown handler type as an error", () => {
    const result = parse(on("PreToolUse", { type: "http", url: "https://example.com" }));
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["unsupported_handler_type", "error", "hooks.PreToolUse[0].hooks[0].type"],
    ]);
  });

  it("skips async: true with an unsupported_field warning; async: false runs", () => {
    const result = parse(
      on("Stop", createCommandHandler({ async: true }), createCommandHandler({ async: false })),
    );
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["unsupported_field", "warning", "hooks.Stop[0].hooks[0].async"],
    ]);
    expect(result.definitions.map((definition) => definition.handlerIndex)).toEqual([1]);
  });

  it.each([
    ["no command", { type: "command" }, "command"],
    ["an argv list", createCommandHandler({ command: ["./x.sh"] }), "command"],
    ["a blank command", createCommandHandler({ command: "  " }), "command"],
    ["an empty commandWindows", createCommandHandler({ commandWindows: "" }), "commandWindows"],
    ["a zero timeout", createCommandHandler({ timeout: 0 }), "timeout"],
    ["a string timeout", createCommandHandler({ timeout: "30" }), "timeout"],
    ["a numeric statusMessage", createCommandHandler({ statusMessage: 1 }), "statusMessage"],
    [
      "a negative additionalContextLimit",
      createCommandHandler({ additionalContextLimit: -1 }),
      "additionalContextLimit",
    ],
    [
      "a fractional additionalContextLimit",
      createCommandHandler({ additionalContextLimit: 1.5 }),
      "additionalContextLimit",
    ],
    ["a string async", createCommandHandler({ async: "yes" }), "async"],
    ["no type", { command: "./x.sh" }, "type"],
  ])("rejects a handler with %s at its field", (_name, handler, field) => {
    const result = parse(
      on("PreToolUse", handler, createCommandHandler({ command: "./sibling.sh" })),
    );
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["invalid_config", "error", `hooks.PreToolUse[0].hooks[0].${field}`],
    ]);
    expect(result.definitions.map((definition) => definition.command)).toEqual(["./sibling.sh"]);
  });

  it("keeps additionalContextLimit 0 (never spill) and null when omitted", () => {
    const result = parse(
      on(
        "UserPromptSubmit",
        createCommandHandler({ additionalContextLimit: 0 }),
        createCommandHandler(),
      ),
    );
    expect(result.definitions.map((definition) => definition.additionalContextLimit)).toEqual([
      0,
      null,
    ]);
  });

  it("ignores additionalContextLimit with a warning on an event that cannot add context", () => {
    const result = parse(on("Stop", createCommandHandler({ additionalContextLimit: 100 })));
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["unsupported_field", "warning", "hooks.Stop[0].hooks[0].additionalContextLimit"],
    ]);
    expect(result.definitions[0]?.additionalContextLimit).toBeNull();
  });

  it("warns about unknown events and fields, including TOML's command_windows in JSON", () => {
    const result = parse({
      $schema: "https://example.com/hooks.schema.json",
      version: 1,
      hooks: {
        Notification: [{ hooks: [createCommandHandler()] }],
        Stop: [{ hooks: [createCommandHandler({ command_windows: "x.cmd", shell: "bash" })] }],
      },
    });
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["unknown_field", "warning", "version"],
      ["unknown_event", "warning", "hooks.Notification"],
      ["unknown_field", "warning", "hooks.Stop[0].hooks[0].command_windows"],
      ["unknown_field", "warning", "hooks.Stop[0].hooks[0].shell"],
    ]);
    expect(result.definitions).toHaveLength(1);
  });

  it("keeps any matcher string for the compile stage", () => {
    const result = parse({
      hooks: { Stop: [{ matcher: "anything", hooks: [createCommandHandler()] }] },
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.definitions[0]?.matcher).toBe("anything");
  });
});

describe("parseZerocodeConfig (config.toml)", () => {
  it("reads only [hooks], ignoring the rest of config.toml", () => {
    const result = parse(
      {
        model: "zt-large",
        features: { hooks: true },
        projects: { "/repo": { trust_level: "trusted" } },
        hooks: {
          PreToolUse: [{ matcher: "^Bash$", hooks: [createCommandHandler({ timeout: 30 })] }],
        },
      },
      tomlSource,
    );
    expect(result.diagnostics).toEqual([]);
    expect(result.definitions).toEqual([
      expect.objectContaining({
        file: tomlSource.file,
        path: "hooks.PreToolUse[0].hooks[0]",
        timeoutMs: 30_000,
      }),
    ]);
  });

  it("accepts managed_dir and windows_managed_dir as settings, not events", () => {
    const result = parse(
      {
        hooks: {
          managed_dir: "~/.zerotwo/hooks",
          windows_managed_dir: "C:\\enterprise\\hooks",
          Stop: [{ hooks: [createCommandHandler()] }],
        },
      },
      tomlSource,
    );
    expect(result.diagnostics).toEqual([]);
    expect(result.definitions).toHaveLength(1);
  });

  it("rejects a managed_dir that is not a string", () => {
    const result = parse({ hooks: { managed_dir: 1 } }, tomlSource);
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["invalid_config", "error", "hooks.managed_dir"],
    ]);
  });

  it("accepts command_windows as the TOML spelling of commandWindows", () => {
    const result = parse(on("Stop", createCommandHandler({ command_windows: "" })), tomlSource);
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["invalid_config", "error", "hooks.Stop[0].hooks[0].command_windows"],
    ]);
    const valid = parse(on("Stop", createCommandHandler({ command_windows: "x.cmd" })), tomlSource);
    expect(valid.diagnostics).toEqual([]);
  });

  it("prefers commandWindows when both spellings are set, with a warning", () => {
    const result = parse(
      on("Stop", createCommandHandler({ command_windows: "a.cmd", commandWindows: "b.cmd" })),
      tomlSource,
    );
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["invalid_config", "warning", "hooks.Stop[0].hooks[0].command_windows"],
    ]);
    expect(result.definitions).toHaveLength(1);
  });

  it("does not accept snake_case spellings the seed does not give", () => {
    const result = parse(
      on(
        "SessionStart",
        createCommandHandler({ additional_context_limit: 10, status_message: "x" }),
      ),
      tomlSource,
    );
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["unknown_field", "warning", "hooks.SessionStart[0].hooks[0].additional_context_limit"],
      ["unknown_field", "warning", "hooks.SessionStart[0].hooks[0].status_message"],
    ]);
  });

  it("reports a [[hooks]] array as a bad hooks table", () => {
    const result = parse({ hooks: [{ Stop: [] }] }, tomlSource);
    expect(locateDiagnostics(result.diagnostics)).toEqual([["invalid_config", "error", "hooks"]]);
  });

  it("treats a TOML file without [hooks] as no hooks", () => {
    expect(parse({ model: "x" }, tomlSource)).toEqual({
      definitions: [],
      diagnostics: [],
      groupCounts: {},
    });
  });
});

describe("parseZerocodeConfig (inline plugin manifest hooks)", () => {
  const manifest: ConfigSource = {
    ...jsonSource,
    file: "/home/me/.zerotwo/plugins/p/.codex-plugin/plugin.json",
    layer: "plugin:p",
  };

  it("reads a wrapped hooks object with paths inside the manifest", () => {
    const source = { ...manifest, documentPath: ["hooks", 1] };
    const result = parse(
      {
        hooks: {
          Stop: [{ hooks: [createCommandHandler(), createCommandHandler({ timeout: 0 })] }],
        },
      },
      source,
    );
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["invalid_config", "error", "hooks[1].hooks.Stop[0].hooks[1].timeout"],
    ]);
    expect(result.definitions.map((definition) => [definition.path, definition.groupPath])).toEqual(
      [["hooks[1].hooks.Stop[0].hooks[0]", "hooks[1].hooks.Stop[0]"]],
    );
  });

  it("reads the events map itself", () => {
    const source = { ...manifest, documentPath: ["hooks"] };
    const result = parse({ Stop: [{ hooks: [createCommandHandler()] }], Nope: [] }, source);
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["unknown_event", "warning", "hooks.Nope"],
    ]);
    expect(result.definitions.map((definition) => definition.path)).toEqual([
      "hooks.Stop[0].hooks[0]",
    ]);
  });
});
