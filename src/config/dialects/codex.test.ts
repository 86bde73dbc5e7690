import { describe, expect, it } from "vitest";
import { createCommandHandler } from "../../../test/support/dialect-test-support.js";
import type { Diagnostic } from "../../diagnostic.js";
import { codexProfile } from "../../profiles/codex.js";
import type { ConfigSource } from "../discover-config-files.js";
import { parseCodexConfig } from "./codex.js";

const jsonSource: ConfigSource = {
  file: "/repo/.codex/hooks.json",
  layer: "project",
  dialect: "codex",
  explicit: false,
  trust: "review",
};
const tomlSource: ConfigSource = { ...jsonSource, file: "/repo/.codex/config.toml" };

const parse = (document: unknown, source: ConfigSource = jsonSource) =>
  parseCodexConfig(document, source, codexProfile);
const located = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.map((diagnostic) => [
    diagnostic.code,
    diagnostic.severity,
    diagnostic.file,
    diagnostic.path,
  ]);
const on = (event: string, ...hooks: unknown[]) => ({ [event]: [{ matcher: "Bash", hooks }] });

describe("parseCodexConfig", () => {
  it("reads hooks.json: description, matcher groups, timeout in seconds, statusMessage", () => {
    const result = parse({
      description: "guards",
      hooks: on("PreToolUse", createCommandHandler({ timeout: 30, statusMessage: "checking" })),
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.definitions).toMatchObject([
      {
        event: "PreToolUse",
        matcher: "Bash",
        command: "./hook.sh",
        timeoutMs: 30_000,
        statusMessage: "checking",
        path: "hooks.PreToolUse[0].hooks[0]",
      },
    ]);
  });

  it("refuses a hooks.json with any other root field, naming the file and the field", () => {
    const result = parse({ $schema: "x", version: 1, hooks: on("Stop", createCommandHandler()) });
    expect(result.definitions).toEqual([]);
    expect(located(result.diagnostics)).toEqual([
      ["invalid_config", "error", jsonSource.file, "$schema"],
      ["invalid_config", "error", jsonSource.file, "version"],
    ]);
  });

  it("ignores timeoutSec, which Codex 0.169 does not read, with a warning at its path", () => {
    const result = parse({ hooks: on("Stop", createCommandHandler({ timeoutSec: 5 })) });
    expect(result.definitions).toMatchObject([{ timeoutMs: 600_000 }]);
    expect(located(result.diagnostics)).toEqual([
      ["unknown_field", "warning", jsonSource.file, "hooks.Stop[0].hooks[0].timeoutSec"],
    ]);
  });

  it("reads config.toml's [hooks] tables, its other settings and [hooks.state] not being events", () => {
    const result = parse(
      {
        model: "gpt-5.5",
        projects: { "/repo": { trust_level: "trusted" } },
        hooks: {
          state: { "/repo/.codex/hooks.json:pre_tool_use:0:0": { trusted_hash: "sha256:00" } },
          ...on("PreToolUse", createCommandHandler({ command_windows: "hook.cmd" })),
        },
      },
      tomlSource,
    );
    expect(result.diagnostics).toEqual([]);
    expect(result.definitions).toMatchObject([
      { event: "PreToolUse", path: "hooks.PreToolUse[0].hooks[0]" },
    ]);
  });

  it("reports an event Codex does not have and a handler without a command, at their paths", () => {
    const result = parse({
      hooks: { ...on("BeforeTool", createCommandHandler()), ...on("Stop", { type: "command" }) },
    });
    expect(result.definitions).toEqual([]);
    expect(result.diagnostics.map((diagnostic) => diagnostic.path)).toEqual([
      "hooks.BeforeTool",
      "hooks.Stop[0].hooks[0].command",
    ]);
  });
});
