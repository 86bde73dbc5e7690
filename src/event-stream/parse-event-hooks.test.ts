import { describe, expect, it } from "vitest";
import { parseEventHooks } from "./parse-event-hooks.js";

const file = "/home/me/.deepagents/hooks.json";
const parse = (document: unknown) => parseEventHooks(document, file);
const located = (document: unknown) =>
  parse(document).diagnostics.map((diagnostic) => [
    diagnostic.code,
    diagnostic.severity,
    diagnostic.path,
  ]);

describe("parseEventHooks", () => {
  it("reads the list form with provenance; omitted, null or empty events mean every event", () => {
    const result = parse({
      hooks: [
        { command: ["bash", "adapter.sh"], events: ["session.start"] },
        { command: ["node", "log.js"] },
        { command: ["python3", "-m", "hook", ""], events: [] },
        { command: ["./a"], events: null },
      ],
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.hooks).toEqual([
      { command: ["bash", "adapter.sh"], events: ["session.start"], file, path: "hooks[0]" },
      { command: ["node", "log.js"], events: [], file, path: "hooks[1]" },
      { command: ["python3", "-m", "hook", ""], events: [], file, path: "hooks[2]" },
      { command: ["./a"], events: [], file, path: "hooks[3]" },
    ]);
  });

  it.each([
    ["a string command", { command: "bash adapter.sh" }, "hooks[0].command"],
    ["an empty argv list", { command: [] }, "hooks[0].command"],
    ["a missing command", { events: ["session.start"] }, "hooks[0].command"],
    ["a non-string argv word", { command: ["bash", 1] }, "hooks[0].command[1]"],
    ["an empty program", { command: ["", "x"] }, "hooks[0].command[0]"],
    ["events not a list", { command: ["a"], events: "session.start" }, "hooks[0].events"],
    ["a non-string event", { command: ["a"], events: ["session.start", 2] }, "hooks[0].events[1]"],
    ["an entry that is not an object", "bash adapter.sh", "hooks[0]"],
  ])("drops %s with an error at its path; valid siblings still load", (_, entry, path) => {
    const result = parse({ hooks: [entry, { command: ["ok"] }] });
    expect(result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ["invalid_config", path],
    ]);
    expect(result.diagnostics[0]).toMatchObject({ severity: "error", file });
    expect(result.hooks.map((hook) => hook.path)).toEqual(["hooks[1]"]);
  });

  it("warns about unknown fields and event names but keeps the hook", () => {
    expect(
      located({
        $schema: "x",
        description: "mine",
        version: 2,
        hooks: [{ command: ["a"], events: ["session.started"], timeout: 5 }],
      }),
    ).toEqual([
      ["unknown_field", "warning", "version"],
      ["unknown_field", "warning", "hooks[0].timeout"],
      ["unknown_event", "warning", "hooks[0].events[0]"],
    ]);
    expect(parse({ hooks: [{ command: ["a"], events: ["session.started"] }] }).hooks).toHaveLength(
      1,
    );
  });

  it.each([
    ["a document that is not an object", [], "invalid_config", null],
    ["hooks that is neither a list nor an object", { hooks: "x" }, "invalid_config", "hooks"],
    [
      "the decision form",
      { hooks: { PreToolUse: [{ hooks: [] }] } },
      "decision_form_config",
      "hooks",
    ],
  ])("loads no hooks from %s", (_, document, code, path) => {
    const result = parse(document);
    expect(result.hooks).toEqual([]);
    expect(result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      [code, path],
    ]);
  });

  it("loads nothing, silently, from a file without hooks", () => {
    expect(parse({})).toEqual({ hooks: [], diagnostics: [] });
  });

  it("reports pieces of the decision form in the list form, and loads the other entries", () => {
    const result = parse({
      hooks: [
        { matcher: "Bash", hooks: [{ type: "command", command: "x" }] },
        { command: ["a"] },
        { hooks: [] },
      ],
    });
    expect(result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ["mixed_config_forms", "hooks[0]"],
      ["mixed_config_forms", "hooks[2]"],
    ]);
    expect(result.diagnostics[0]?.message).toContain("decision-form matcher group");
    expect(result.hooks.map((hook) => hook.path)).toEqual(["hooks[1]"]);
  });

  it("loads nothing from the decision form holding pieces of the list form", () => {
    const result = parse({
      hooks: {
        PreToolUse: [{ hooks: [{ type: "command", command: "./guard.sh" }] }],
        "session.start": [{ command: ["bash", "a.sh"] }],
        Stop: [{ command: ["bash", "b.sh"], events: ["task.complete"] }],
      },
    });
    expect(result.hooks).toEqual([]);
    expect(result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ["mixed_config_forms", 'hooks["session.start"]'],
      ["mixed_config_forms", "hooks.Stop[0]"],
    ]);
  });
});
