import { describe, expect, it } from "vitest";
import { deepagentsProfile } from "../profiles/deepagents.js";
import { detectConfigForm } from "./detect-config-form.js";
import { parseDeepagentsConfig } from "./dialects/deepagents.js";
import type { ConfigSource } from "./discover-config-files.js";

const source: ConfigSource = {
  file: "/home/me/.deepagents/hooks.json",
  layer: "user",
  dialect: "deepagents",
  explicit: false,
  trust: "none",
};
const guard = { hooks: [{ type: "command", command: "./guard.sh" }] };

describe("detectConfigForm", () => {
  it.each([
    [{ hooks: [] }, "list", []],
    [{ hooks: [{ command: ["a"] }] }, "list", []],
    [{ hooks: {} }, "decision", []],
    [{ hooks: { PreToolUse: [guard] } }, "decision", []],
    [{}, "empty", []],
    [{ description: "x" }, "empty", []],
    [null, "invalid", []],
    [[], "invalid", []],
    [{ hooks: "x" }, "invalid", []],
    [{ hooks: [{ command: ["a"] }, { matcher: "Bash" }] }, "list", [["hooks", 1]]],
    [{ hooks: { "tool.use": [] } }, "decision", [["hooks", "tool.use"]]],
    [{ hooks: { Stop: [guard, { events: [] }] } }, "decision", [["hooks", "Stop", 1]]],
  ])("%j is %s", (document, form, marks) => {
    const report = detectConfigForm(document);
    expect(report.form).toBe(form);
    expect(report.mixed.map((mark) => mark.at)).toEqual(marks);
  });
});

describe("the decision engine on the list form", () => {
  const parse = (document: unknown) => parseDeepagentsConfig(document, source, deepagentsProfile);

  it("reports a list-form file as info with no decision hooks, never as an error", () => {
    const result = parse({
      hooks: [{ command: ["bash", "adapter.sh"], events: ["session.start"] }],
    });
    expect(result.definitions).toEqual([]);
    expect(result.diagnostics).toEqual([
      {
        code: "list_form_config",
        severity: "info",
        message: `${source.file} is in the event-stream list form ("hooks" is a list, see docs/events.md); it has no decision hooks`,
        file: source.file,
        path: "hooks",
      },
    ]);
  });

  it("reports decision groups inside a list as mixed", () => {
    const result = parse({ hooks: [{ command: ["a"] }, { matcher: "Bash", hooks: [] }] });
    expect(result.definitions).toEqual([]);
    expect(
      result.diagnostics.map((diagnostic) => [
        diagnostic.code,
        diagnostic.severity,
        diagnostic.path,
      ]),
    ).toEqual([["mixed_config_forms", "error", "hooks[1]"]]);
  });

  it("still loads the decision hooks of a mixed file and reports each list-form piece once", () => {
    const result = parse({
      hooks: {
        PreToolUse: [guard],
        "session.start": [{ command: ["bash", "a.sh"] }],
        Stop: [{ command: ["bash", "b.sh"], events: ["task.complete"] }],
      },
    });
    expect(result.definitions.map((definition) => definition.path)).toEqual([
      "hooks.PreToolUse[0].hooks[0]",
    ]);
    expect(result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ["mixed_config_forms", 'hooks["session.start"]'],
      ["mixed_config_forms", "hooks.Stop[0]"],
      ["unknown_field", "hooks.Stop[0].command"],
      ["unknown_field", "hooks.Stop[0].events"],
      ["invalid_config", "hooks.Stop[0].hooks"],
    ]);
  });
});
