import { describe, expect, it } from "vitest";
import {
  createCommandHandler,
  createConfigSource,
} from "../../../test/support/dialect-test-support.js";
import type { Diagnostic } from "../../diagnostic.js";
import { deepagentsProfile } from "../../profiles/deepagents.js";
import { parseDeepagentsConfig } from "./deepagents.js";

const source = createConfigSource("/home/me/.deepagents/hooks.json", "user", "deepagents");

const parse = (document: unknown) => parseDeepagentsConfig(document, source, deepagentsProfile);
const located = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path]);
/** One PreToolUse group holding the given handlers. */
const preToolUse = (...hooks: unknown[]) => ({
  hooks: { PreToolUse: [{ matcher: "Bash", hooks }] },
});

describe("parseDeepagentsConfig", () => {
  it("normalizes the three levels event → matcher group → handler", () => {
    const result = parse({
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              createCommandHandler({ timeout: 30, statusMessage: "Checking", if: "Bash(git *)" }),
              createCommandHandler({ command: ["/usr/bin/env", "guard", "--strict"] }),
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
        matcher: "Bash",
        if: "Bash(git *)",
        command: "./hook.sh",
        timeoutMs: 30_000,
        statusMessage: "Checking",
        cwd: null,
        additionalContextLimit: null,
        persistent: false,
        trust: "none",
        env: {},
        file: source.file,
        layer: "user",
        path: "hooks.PreToolUse[0].hooks[0]",
        groupPath: "hooks.PreToolUse[0]",
        groupIndex: 0,
        handlerIndex: 0,
      },
      expect.objectContaining({
        command: ["/usr/bin/env", "guard", "--strict"],
        timeoutMs: 600_000,
        statusMessage: null,
        if: null,
        path: "hooks.PreToolUse[0].hooks[1]",
        handlerIndex: 1,
      }),
      expect.objectContaining({
        event: "Stop",
        matcher: null,
        path: "hooks.Stop[0].hooks[0]",
        groupIndex: 0,
      }),
    ]);
  });

  it("defaults the timeout to 600 seconds and accepts fractions", () => {
    const result = parse(
      preToolUse(createCommandHandler(), createCommandHandler({ timeout: 0.25 })),
    );
    expect(result.definitions.map((definition) => definition.timeoutMs)).toEqual([600_000, 250]);
  });

  it.each([
    ["zero", 0],
    ["negative", -1],
    ["a string", "5"],
    ["null", null],
    ["a boolean", true],
    ["infinite", Number.POSITIVE_INFINITY],
    ["NaN", Number.NaN],
  ])("rejects a %s timeout at hooks.PreToolUse[0].hooks[0].timeout", (_name, timeout) => {
    const result = parse(
      preToolUse(
        createCommandHandler({ timeout }),
        createCommandHandler({ command: "./sibling.sh" }),
      ),
    );
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: "invalid_config",
        severity: "error",
        file: source.file,
        path: "hooks.PreToolUse[0].hooks[0].timeout",
      }),
    ]);
    expect(result.definitions.map((definition) => definition.command)).toEqual(["./sibling.sh"]);
  });

  it.each(["prompt", "agent", "http", "mcp_tool"])(
    "reports the known but unsupported handler type %s; siblings load",
    (type) => {
      const result = parse(preToolUse({ type, prompt: "Is it safe?" }, createCommandHandler()));
      expect(result.diagnostics).toEqual([
        expect.objectContaining({
          code: "unsupported_handler_type",
          severity: "error",
          file: source.file,
          path: "hooks.PreToolUse[0].hooks[0].type",
          message: expect.stringContaining(`"${type}" is not supported by Deep Agents Code`),
        }),
      ]);
      expect(result.definitions).toHaveLength(1);
      expect(result.definitions[0]?.handlerIndex).toBe(1);
    },
  );

  it("reports an unknown handler type as unsupported too", () => {
    const result = parse(preToolUse({ type: "webhook", url: "https://example.com" }));
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: "unsupported_handler_type",
        path: "hooks.PreToolUse[0].hooks[0].type",
        message: expect.stringContaining('"webhook" is unknown and not supported'),
      }),
    ]);
  });

  it.each([
    ["no type", { command: "./x.sh" }, "hooks.PreToolUse[0].hooks[0].type"],
    ["a non-string type", { type: 1, command: "./x.sh" }, "hooks.PreToolUse[0].hooks[0].type"],
    ["no command", { type: "command" }, "hooks.PreToolUse[0].hooks[0].command"],
    [
      "an empty command",
      createCommandHandler({ command: "" }),
      "hooks.PreToolUse[0].hooks[0].command",
    ],
    [
      "a blank command",
      createCommandHandler({ command: "   " }),
      "hooks.PreToolUse[0].hooks[0].command",
    ],
    [
      "an empty argv",
      createCommandHandler({ command: [] }),
      "hooks.PreToolUse[0].hooks[0].command",
    ],
    [
      "a non-string argv",
      createCommandHandler({ command: ["a", 1] }),
      "hooks.PreToolUse[0].hooks[0].command",
    ],
    [
      "a numeric command",
      createCommandHandler({ command: 42 }),
      "hooks.PreToolUse[0].hooks[0].command",
    ],
    [
      "a non-string statusMessage",
      createCommandHandler({ statusMessage: false }),
      "hooks.PreToolUse[0].hooks[0].statusMessage",
    ],
    ["a non-string if", createCommandHandler({ if: 7 }), "hooks.PreToolUse[0].hooks[0].if"],
    ["a non-object handler", "./x.sh", "hooks.PreToolUse[0].hooks[0]"],
    ["a null handler", null, "hooks.PreToolUse[0].hooks[0]"],
  ])("rejects a handler with %s as invalid_config at its path", (_name, bad, path) => {
    const result = parse(preToolUse(bad, createCommandHandler({ command: "./sibling.sh" })));
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: "invalid_config", severity: "error", path }),
    ]);
    expect(result.definitions.map((definition) => definition.path)).toEqual([
      "hooks.PreToolUse[0].hooks[1]",
    ]);
  });

  it.each([
    ["a group that is not an object", "Bash", "hooks.PreToolUse[0]"],
    ["a group without hooks", { matcher: "Bash" }, "hooks.PreToolUse[0].hooks"],
    ["a group whose hooks is not a list", { hooks: {} }, "hooks.PreToolUse[0].hooks"],
    [
      "a non-string matcher",
      { matcher: ["Bash"], hooks: [createCommandHandler()] },
      "hooks.PreToolUse[0].matcher",
    ],
  ])("drops %s with invalid_config; the next group still loads", (_name, bad, path) => {
    const result = parse({ hooks: { PreToolUse: [bad, { hooks: [createCommandHandler()] }] } });
    expect(located(result.diagnostics)).toEqual([["invalid_config", path]]);
    expect(result.definitions.map((definition) => definition.groupIndex)).toEqual([1]);
    expect(result.groupCounts).toEqual({ PreToolUse: 2 });
  });

  it("treats a null matcher like an omitted one", () => {
    const result = parse({ hooks: { Stop: [{ matcher: null, hooks: [createCommandHandler()] }] } });
    expect(result.diagnostics).toEqual([]);
    expect(result.definitions[0]?.matcher).toBeNull();
  });

  it.each([
    ["a non-object document", [], null],
    ["a null document", null, null],
    // A list is the event-stream form (list_form_config, see src/config/detect-config-form.test.ts).
    ["a non-object hooks", { hooks: "PreToolUse" }, "hooks"],
  ])("rejects %s", (_name, document, path) => {
    const result = parse(document);
    expect(located(result.diagnostics)).toEqual([["invalid_config", path]]);
    expect(result.definitions).toEqual([]);
  });

  it("rejects an event that is not a list, keeping the other events", () => {
    const result = parse({
      hooks: {
        Stop: { hooks: [createCommandHandler()] },
        SessionEnd: [{ hooks: [createCommandHandler()] }],
      },
    });
    expect(located(result.diagnostics)).toEqual([["invalid_config", "hooks.Stop"]]);
    expect(result.definitions.map((definition) => definition.event)).toEqual(["SessionEnd"]);
  });

  it("accepts a document without hooks", () => {
    expect(parse({})).toEqual({ definitions: [], diagnostics: [], groupCounts: {} });
  });

  it("warns about unknown events, including the host-only UserPromptSubmit", () => {
    const result = parse({
      hooks: {
        BeforeToolUse: [{ hooks: [createCommandHandler()] }],
        UserPromptSubmit: [{ hooks: [createCommandHandler()] }],
      },
    });
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([
      ["unknown_event", "warning", "hooks.BeforeToolUse"],
      ["unknown_event", "warning", "hooks.UserPromptSubmit"],
    ]);
    expect(result.definitions).toEqual([]);
  });

  it("warns about unknown fields at every level but keeps the items", () => {
    const result = parse({
      $schema: "https://example.com/schema.json",
      description: "team hooks",
      version: 2,
      hooks: {
        PreToolUse: [
          { matcher: "Bash", when: "always", hooks: [createCommandHandler({ shell: "sh" })] },
        ],
      },
    });
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([
      ["unknown_field", "warning", "version"],
      ["unknown_field", "warning", "hooks.PreToolUse[0].when"],
      ["unknown_field", "warning", "hooks.PreToolUse[0].hooks[0].shell"],
    ]);
    expect(result.definitions).toHaveLength(1);
  });

  it("quotes event names that are not identifiers in paths", () => {
    const result = parse({ hooks: { "Pre Tool": [] } });
    expect(located(result.diagnostics)).toEqual([["unknown_event", 'hooks["Pre Tool"]']]);
  });
});

describe("parseDeepagentsConfig did-you-mean", () => {
  it.each([
    [
      "an event",
      { hooks: { PreToolUze: [] } },
      'no hook event "PreToolUze" (did you mean "PreToolUse"?);',
    ],
    ["a top-level field", { hoks: {} }, 'Unknown top-level field "hoks" (did you mean "hooks"?)'],
    [
      "a matcher group field",
      { hooks: { PreToolUse: [{ matchr: "Bash", hooks: [] }] } },
      'Unknown matcher group field "matchr" (did you mean "matcher"?)',
    ],
    [
      "a handler field",
      preToolUse(createCommandHandler({ timout: 5 })),
      'Unknown handler field "timout" (did you mean "timeout"?)',
    ],
  ])("suggests the name closest to %s", (_, document, message) => {
    expect(parse(document).diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      expect.stringContaining(message),
    ]);
  });

  it("suggests nothing for a name far from every known one", () => {
    const [diagnostic] = parse({ hooks: { AfterEverything: [] } }).diagnostics;
    expect(diagnostic?.message).not.toContain("did you mean");
  });
});
