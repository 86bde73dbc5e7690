import { describe, expect, it } from "vitest";
import {
  createCommandHandler,
  createConfigSource,
  locateDiagnostics,
} from "../../../test/support/dialect-test-support.js";
import { geminiProfile } from "../../profiles/gemini.js";
import { parseGeminiConfig } from "./gemini.js";

const source = createConfigSource("/work/app/.gemini/settings.json", "project", "gemini");
const parse = (document: unknown) => parseGeminiConfig(document, source, geminiProfile);
const on = (event: string, ...hooks: unknown[]) => ({ hooks: { [event]: [{ hooks }] } });

describe("parseGeminiConfig", () => {
  it("reads grouped hooks by Gemini CLI's event names, timeouts in milliseconds", () => {
    const result = parse({
      general: { vimMode: true },
      hooks: {
        BeforeTool: [
          {
            matcher: "run_shell_command|write_file",
            hooks: [
              createCommandHandler({ name: "guard", timeout: 1500, description: "checks calls" }),
            ],
          },
        ],
        AfterAgent: [{ hooks: [createCommandHandler()] }],
      },
    });
    expect(result.diagnostics).toEqual([]);
    expect(
      result.definitions.map((hook) => [hook.event, hook.matcher, hook.timeoutMs, hook.path]),
    ).toEqual([
      ["BeforeTool", "run_shell_command|write_file", 1500, "hooks.BeforeTool[0].hooks[0]"],
      ["AfterAgent", null, 60_000, "hooks.AfterAgent[0].hooks[0]"],
    ]);
  });

  it("gives a handler its own env over the source's", () => {
    const result = parseGeminiConfig(
      on("BeforeTool", createCommandHandler({ env: { MODE: "strict" } })),
      {
        ...source,
        env: { MODE: "loose", OTHER: "kept" },
      },
      geminiProfile,
    );
    expect(result.definitions[0]?.env).toEqual({ MODE: "strict", OTHER: "kept" });
  });

  it("skips the hooks hooksConfig.disabled names, by name or else by command", () => {
    const result = parse({
      hooksConfig: { disabled: ["named", "./other.sh"] },
      hooks: {
        BeforeTool: [
          {
            hooks: [
              createCommandHandler({ name: "named" }),
              createCommandHandler({ command: "./other.sh" }),
              createCommandHandler({ name: "kept", command: "./other.sh" }),
            ],
          },
        ],
      },
    });
    expect(result.definitions.map((hook) => hook.path)).toEqual(["hooks.BeforeTool[0].hooks[2]"]);
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["hook_disabled", "info", "hooks.BeforeTool[0].hooks[0]"],
      ["hook_disabled", "info", "hooks.BeforeTool[0].hooks[1]"],
    ]);
  });

  it("runs nothing where hooksConfig.enabled is false", () => {
    const result = parse({
      hooksConfig: { enabled: false },
      ...on("BeforeTool", createCommandHandler()),
    });
    expect(result.definitions).toEqual([]);
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["hooks_disabled", "info", "hooksConfig.enabled"],
    ]);
  });

  it("says hooks.enabled and hooks.disabled are skipped by Gemini CLI 0.61.0", () => {
    const result = parse({
      hooks: {
        enabled: false,
        disabled: ["x"],
        notifications: true,
        ...on("BeforeTool", createCommandHandler()).hooks,
      },
    });
    expect(result.definitions).toHaveLength(1);
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["unsupported_field", "warning", "hooks.enabled"],
      ["unsupported_field", "warning", "hooks.disabled"],
    ]);
  });

  it("reports sequential: true, which runs Gemini CLI's hooks one after another", () => {
    const result = parse({
      hooks: { BeforeTool: [{ matcher: "x", sequential: true, hooks: [createCommandHandler()] }] },
    });
    expect(result.definitions).toHaveLength(1);
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["unsupported_field", "info", "hooks.BeforeTool[0].sequential"],
    ]);
  });

  it("names the file and JSON path of every bad entry, and keeps the good siblings", () => {
    const result = parse({
      hooksConfig: { enabled: "yes", colour: 1 },
      hooks: {
        PreToolUse: [{ hooks: [createCommandHandler()] }],
        BeforeTool: [
          {
            matchr: "x",
            hooks: [
              createCommandHandler({ timeout: -5 }),
              createCommandHandler({ commnd: "x" }),
              createCommandHandler(),
            ],
          },
          { hooks: [{ type: "runtime", name: "r" }, { command: "./x.sh" }] },
        ],
      },
    });
    expect(result.definitions.map((hook) => hook.path)).toEqual([
      "hooks.BeforeTool[0].hooks[1]",
      "hooks.BeforeTool[0].hooks[2]",
    ]);
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["unknown_field", "warning", "hooksConfig.colour"],
      ["invalid_config", "error", "hooksConfig.enabled"],
      ["unknown_field", "warning", "hooks.BeforeTool[0].matchr"],
      ["unknown_event", "warning", "hooks.PreToolUse"],
      ["invalid_config", "error", "hooks.BeforeTool[0].hooks[0].timeout"],
      ["unknown_field", "warning", "hooks.BeforeTool[0].hooks[1].commnd"],
      ["unsupported_handler_type", "warning", "hooks.BeforeTool[1].hooks[0].type"],
      ["invalid_config", "error", "hooks.BeforeTool[1].hooks[1].type"],
    ]);
    expect(result.diagnostics.every((item) => item.file === source.file)).toBe(true);
    expect(result.diagnostics.find((item) => item.code === "unknown_event")?.message).toContain(
      'no hook event "PreToolUse"',
    );
  });

  it("reads an empty file as no hooks and refuses a document that is not an object", () => {
    expect(parse(undefined).definitions).toEqual([]);
    expect(locateDiagnostics(parse([]).diagnostics)).toEqual([["invalid_config", "error", null]]);
  });
});
