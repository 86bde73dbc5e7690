import { describe, expect, it } from "vitest";
import {
  createCommandHandler,
  createConfigSource,
  locateDiagnostics,
} from "../../../test/support/dialect-test-support.js";
import { claudeProfile } from "../../profiles/claude.js";
import { parseClaudeConfig } from "./claude.js";

const source = createConfigSource("/work/app/.claude/settings.json", "project", "claude");

const parse = (document: unknown) => parseClaudeConfig(document, source, claudeProfile);
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
              createCommandHandler({
                command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh',
                timeout: 30,
                statusMessage: "Checking the file",
                if: "Edit(src/**)",
              }),
            ],
          },
        ],
        Stop: [{ hooks: [createCommandHandler({ command: "./stop.sh" })] }],
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
    expect(parse(preToolUse(createCommandHandler())).definitions[0]?.timeoutMs).toBe(600_000);
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
      ...preToolUse(createCommandHandler()),
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

  it("reads http, prompt, agent and mcp_tool handlers into their actions", () => {
    const result = parse(
      preToolUse(
        {
          type: "http",
          url: "http://localhost:8080/hooks/pre",
          headers: { Authorization: "Bearer $TOKEN" },
          allowedEnvVars: ["TOKEN"],
          timeout: 5,
        },
        { type: "prompt", prompt: "Is $ARGUMENTS safe?", model: "fast", continueOnBlock: true },
        { type: "agent", prompt: "Check  the\ntests" },
        {
          type: "mcp_tool",
          server: "memory",
          tool: "check",
          // biome-ignore lint/suspicious/noTemplateCurlyInString: Claude Code's placeholder syntax
          input: { path: "${tool_input.file_path}" },
        },
      ),
    );
    expect(result.diagnostics).toEqual([]);
    expect(
      result.definitions.map(({ command, action, timeoutMs }) => ({ command, action, timeoutMs })),
    ).toEqual([
      {
        command: "http://localhost:8080/hooks/pre",
        action: {
          type: "http",
          url: "http://localhost:8080/hooks/pre",
          headers: { Authorization: "Bearer $TOKEN" },
          allowedEnvVars: ["TOKEN"],
        },
        timeoutMs: 5_000,
      },
      {
        command: "prompt: Is $ARGUMENTS safe?",
        action: {
          type: "prompt",
          prompt: "Is $ARGUMENTS safe?",
          model: "fast",
          continueOnBlock: true,
        },
        timeoutMs: 30_000,
      },
      {
        command: "agent: Check the tests",
        action: { type: "agent", prompt: "Check  the\ntests", model: null, continueOnBlock: null },
        timeoutMs: 60_000,
      },
      {
        command: "mcp_tool memory/check",
        action: {
          type: "mcp_tool",
          server: "memory",
          tool: "check",
          // biome-ignore lint/suspicious/noTemplateCurlyInString: Claude Code's placeholder syntax
          input: { path: "${tool_input.file_path}" },
        },
        timeoutMs: 600_000,
      },
    ]);
  });

  it.each([
    ["an http handler without url", { type: "http" }, "hooks.PreToolUse[0].hooks[0].url"],
    ["a blank prompt", { type: "prompt", prompt: " " }, "hooks.PreToolUse[0].hooks[0].prompt"],
    [
      "mcp_tool input that is not an object",
      { type: "mcp_tool", server: "s", tool: "t", input: [] },
      "hooks.PreToolUse[0].hooks[0].input",
    ],
    [
      "header values that are not strings",
      { type: "http", url: "http://localhost", headers: { A: 1 } },
      "hooks.PreToolUse[0].hooks[0].headers.A",
    ],
  ])("drops %s (invalid_config); its siblings load", (_name, handler, path) => {
    const result = parse(preToolUse(handler, createCommandHandler()));
    expect(locateDiagnostics(result.diagnostics)).toEqual([["invalid_config", "error", path]]);
    expect(result.definitions.map((definition) => definition.handlerIndex)).toEqual([1]);
  });

  it("warns about a field of another handler type and about async on a non-command handler", () => {
    const result = parse(
      preToolUse({ type: "prompt", prompt: "ok?", command: "./x.sh", async: true }),
    );
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["unknown_field", "warning", "hooks.PreToolUse[0].hooks[0].command"],
      ["unsupported_field", "warning", "hooks.PreToolUse[0].hooks[0].async"],
    ]);
    expect(result.definitions[0]?.async).toBeUndefined();
  });

  it("names an unknown handler type as unknown", () => {
    const result = parse(preToolUse({ type: "webhook", url: "https://example.com" }));
    expect(result.diagnostics[0]?.message).toBe(
      'Handler type "webhook" is unknown (known: command, prompt, agent, http, mcp_tool), so the handler is skipped',
    );
    expect(result.definitions).toEqual([]);
  });

  it.each([
    ["an argv list", { command: ["./hook.sh"] }, "hooks.PreToolUse[0].hooks[0].command"],
    ["an empty command", { command: "  " }, "hooks.PreToolUse[0].hooks[0].command"],
    ["a zero timeout", { timeout: 0 }, "hooks.PreToolUse[0].hooks[0].timeout"],
    ["a string timeout", { timeout: "30" }, "hooks.PreToolUse[0].hooks[0].timeout"],
    ["a numeric if", { if: 3 }, "hooks.PreToolUse[0].hooks[0].if"],
  ])("drops a handler with %s (invalid_config)", (_name, extra, path) => {
    const result = parse(
      preToolUse(createCommandHandler(extra), createCommandHandler({ command: "./ok.sh" })),
    );
    expect(locateDiagnostics(result.diagnostics)).toEqual([["invalid_config", "error", path]]);
    expect(result.definitions.map((definition) => definition.command)).toEqual(["./ok.sh"]);
  });

  it("warns about unknown handler fields and still loads the handler", () => {
    const result = parse(preToolUse(createCommandHandler({ description: "guard" })));
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["unknown_field", "warning", "hooks.PreToolUse[0].hooks[0].description"],
    ]);
    expect(result.definitions).toHaveLength(1);
  });

  it("reads async, and asyncRewake as async too", () => {
    const result = parse(
      preToolUse(
        createCommandHandler({ async: true }),
        createCommandHandler({ asyncRewake: true }),
      ),
    );
    expect(result.diagnostics).toEqual([]);
    expect(result.definitions.map(({ async, asyncRewake }) => ({ async, asyncRewake }))).toEqual([
      { async: true, asyncRewake: undefined },
      { async: true, asyncRewake: true },
    ]);
  });

  it("ignores once in settings, with an info diagnostic", () => {
    const result = parse(preToolUse(createCommandHandler({ once: true })));
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["unsupported_field", "info", "hooks.PreToolUse[0].hooks[0].once"],
    ]);
    expect(result.definitions).toHaveLength(1);
    expect(result.definitions[0]?.once).toBeUndefined();
  });

  it('accepts shell "bash" and "powershell" and skips a handler for another shell', () => {
    const result = parse(
      preToolUse(
        createCommandHandler({ shell: "bash" }),
        createCommandHandler({ command: "Write-Host hi", shell: "powershell" }),
        createCommandHandler({ shell: "zsh" }),
      ),
    );
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["unsupported_field", "warning", "hooks.PreToolUse[0].hooks[2].shell"],
    ]);
    expect(result.definitions.map((definition) => definition.shell)).toEqual([
      "bash",
      "powershell",
    ]);
  });

  it("keeps once in a skill's hooks", () => {
    const skill = { ...source, layer: "skill:deploy" };
    const result = parseClaudeConfig(
      preToolUse(createCommandHandler({ once: true })),
      skill,
      claudeProfile,
    );
    expect(result.diagnostics).toEqual([]);
    expect(result.definitions[0]?.once).toBe(true);
  });

  it("reports an unknown event and a hooks value that is not an object", () => {
    expect(
      locateDiagnostics(
        parse({ hooks: { PreToolUse: [], BeforeEdit: [{ hooks: [createCommandHandler()] }] } })
          .diagnostics,
      ),
    ).toEqual([["unknown_event", "warning", "hooks.BeforeEdit"]]);
    expect(locateDiagnostics(parse({ hooks: [] }).diagnostics)).toEqual([
      ["invalid_config", "error", "hooks"],
    ]);
  });

  it("reports a document that is not an object", () => {
    expect(locateDiagnostics(parse([]).diagnostics)).toEqual([["invalid_config", "error", null]]);
  });

  it("knows every Claude Code event the profile lists", () => {
    const hooks = Object.fromEntries(
      Object.keys(claudeProfile.events).map((event) => [
        event,
        [{ hooks: [createCommandHandler()] }],
      ]),
    );
    const result = parse({ hooks });
    expect(result.diagnostics).toEqual([]);
    expect(result.definitions.map((definition) => definition.event)).toEqual(
      Object.keys(claudeProfile.events),
    );
    expect(result.definitions).toHaveLength(31);
  });
});
