import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../diagnostic.js";
import { claudeProfile } from "../../profiles/claude.js";
import type { ConfigSource } from "../discover-config-files.js";
import { parseClaudeConfig } from "./claude.js";

const source: ConfigSource = {
  file: "/work/app/.claude/settings.json",
  layer: "project",
  dialect: "claude",
  explicit: false,
  trust: "none",
};

const parse = (document: unknown) => parseClaudeConfig(document, source, claudeProfile);
const located = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity, diagnostic.path]);
const command = (extra: Record<string, unknown> = {}) => ({
  type: "command",
  command: "./hook.sh",
  ...extra,
});
/** Settings with one PreToolUse group holding the given handlers. */
const preToolUse = (...hooks: unknown[]) => ({
  hooks: { PreToolUse: [{ matcher: "Bash", hooks }] },
});

describe("parseClaudeConfig", () => {
  it("reads matcher groups of command handlers: timeout in seconds, statusMessage, if", () => {
    const result = parse({
      hooks: {
        PreToolUse: [
          {
            matcher: "Edit|Write",
            hooks: [
              command({
                command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh',
                timeout: 30,
                statusMessage: "Checking the file",
                if: "Edit(src/**)",
              }),
            ],
          },
        ],
        Stop: [{ hooks: [command({ command: "./stop.sh" })] }],
      },
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.groupCounts).toEqual({ PreToolUse: 1, Stop: 1 });
    expect(result.definitions).toEqual([
      {
        event: "PreToolUse",
        matcher: "Edit|Write",
        if: "Edit(src/**)",
        command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh',
        timeoutMs: 30_000,
        statusMessage: "Checking the file",
        cwd: null,
        additionalContextLimit: null,
        persistent: false,
        trust: "none",
        env: {},
        file: source.file,
        layer: "project",
        path: "hooks.PreToolUse[0].hooks[0]",
        groupPath: "hooks.PreToolUse[0]",
        groupIndex: 0,
        handlerIndex: 0,
      },
      expect.objectContaining({ event: "Stop", matcher: null, command: "./stop.sh" }),
    ]);
  });

  it("defaults the timeout to 600 seconds", () => {
    expect(parse(preToolUse(command())).definitions[0]?.timeoutMs).toBe(600_000);
  });

  it("ignores every settings key other than hooks, silently", () => {
    const result = parse({
      $schema: "https://json.schemastore.org/claude-code-settings.json",
      model: "opus",
      permissions: { allow: ["Bash(npm test)"], deny: ["Read(./.env)"] },
      env: { NODE_ENV: "development" },
      statusLine: { type: "command", command: "echo hi" },
      enabledPlugins: { "formatter@market": true },
      disableAllHooks: false,
      ...preToolUse(command()),
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.definitions).toHaveLength(1);
  });

  it("reads nothing from settings without hooks", () => {
    expect(parse({ model: "sonnet" })).toEqual({
      definitions: [],
      diagnostics: [],
      groupCounts: {},
    });
  });

  it.each(["prompt", "agent", "http", "mcp_tool"])(
    'skips a "%s" handler with an unsupported_handler_type warning; its siblings load',
    (type) => {
      const result = parse(preToolUse({ type, prompt: "Is this safe?" }, command()));
      expect(located(result.diagnostics)).toEqual([
        ["unsupported_handler_type", "warning", "hooks.PreToolUse[0].hooks[0].type"],
      ]);
      expect(result.definitions.map((definition) => definition.handlerIndex)).toEqual([1]);
    },
  );

  it("names an unknown handler type as unknown", () => {
    const result = parse(preToolUse({ type: "webhook", url: "https://example.com" }));
    expect(result.diagnostics[0]?.message).toContain('"webhook" is unknown and not supported');
  });

  it.each([
    ["an argv list", { command: ["./hook.sh"] }, "hooks.PreToolUse[0].hooks[0].command"],
    ["an empty command", { command: "  " }, "hooks.PreToolUse[0].hooks[0].command"],
    ["a zero timeout", { timeout: 0 }, "hooks.PreToolUse[0].hooks[0].timeout"],
    ["a string timeout", { timeout: "30" }, "hooks.PreToolUse[0].hooks[0].timeout"],
    ["a numeric if", { if: 3 }, "hooks.PreToolUse[0].hooks[0].if"],
  ])("drops a handler with %s (invalid_config)", (_name, extra, path) => {
    const result = parse(preToolUse(command(extra), command({ command: "./ok.sh" })));
    expect(located(result.diagnostics)).toEqual([["invalid_config", "error", path]]);
    expect(result.definitions.map((definition) => definition.command)).toEqual(["./ok.sh"]);
  });

  it("warns about unknown handler fields and still loads the handler", () => {
    const result = parse(preToolUse(command({ description: "guard" })));
    expect(located(result.diagnostics)).toEqual([
      ["unknown_field", "warning", "hooks.PreToolUse[0].hooks[0].description"],
    ]);
    expect(result.definitions).toHaveLength(1);
  });

  it("runs an async handler synchronously, with a warning", () => {
    const result = parse(preToolUse(command({ async: true })));
    expect(located(result.diagnostics)).toEqual([
      ["unsupported_field", "warning", "hooks.PreToolUse[0].hooks[0].async"],
    ]);
    expect(result.definitions).toHaveLength(1);
  });

  it("ignores once in settings, with an info diagnostic", () => {
    const result = parse(preToolUse(command({ once: true })));
    expect(located(result.diagnostics)).toEqual([
      ["unsupported_field", "info", "hooks.PreToolUse[0].hooks[0].once"],
    ]);
    expect(result.definitions).toHaveLength(1);
  });

  it('accepts shell "bash" and skips a handler for another shell', () => {
    const result = parse(
      preToolUse(
        command({ shell: "bash" }),
        command({ command: "Write-Host hi", shell: "powershell" }),
      ),
    );
    expect(located(result.diagnostics)).toEqual([
      ["unsupported_field", "warning", "hooks.PreToolUse[0].hooks[1].shell"],
    ]);
    expect(result.definitions.map((definition) => definition.handlerIndex)).toEqual([0]);
  });

  it("reports an unknown event and a hooks value that is not an object", () => {
    expect(
      located(
        parse({ hooks: { PreToolUse: [], BeforeEdit: [{ hooks: [command()] }] } }).diagnostics,
      ),
    ).toEqual([["unknown_event", "warning", "hooks.BeforeEdit"]]);
    expect(located(parse({ hooks: [] }).diagnostics)).toEqual([
      ["invalid_config", "error", "hooks"],
    ]);
  });

  it("reports a document that is not an object", () => {
    expect(located(parse([]).diagnostics)).toEqual([["invalid_config", "error", null]]);
  });

  it("knows every Claude Code event the profile lists", () => {
    const hooks = Object.fromEntries(
      Object.keys(claudeProfile.events).map((event) => [event, [{ hooks: [command()] }]]),
    );
    const result = parse({ hooks });
    expect(result.diagnostics).toEqual([]);
    expect(result.definitions.map((definition) => definition.event)).toEqual([
      "SessionStart",
      "SessionEnd",
      "UserPromptSubmit",
      "PreToolUse",
      "PermissionRequest",
      "PostToolUse",
      "PostToolUseFailure",
      "Notification",
      "Stop",
      "SubagentStart",
      "SubagentStop",
      "PreCompact",
      "PostCompact",
    ]);
  });
});
