import { describe, expect, it } from "vitest";
import { parseDeepagentsConfig } from "../config/dialects/deepagents.js";
import type { ConfigSource } from "../config/discover-config-files.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import { migrateEventHooks } from "./migrate-event-hooks.js";

const migrate = (document: unknown) => migrateEventHooks(JSON.stringify(document), "hooks.json");
const handler = (command: string) => ({
  hooks: [{ type: "command", command: `${command} >/dev/null || true`, timeout: 60 }],
});

describe("migrateEventHooks", () => {
  it.each([
    ["session.start", "SessionStart"],
    ["session.end", "SessionEnd"],
    ["permission.request", "PermissionRequest"],
    ["tool.use", "PreToolUse"],
    ["task.complete", "Stop"],
  ])("maps %s to %s, losslessly, as an observe-only handler", (event, decisionEvent) => {
    const result = migrate({ hooks: [{ command: ["bash", "adapter.sh"], events: [event] }] });
    expect(result).toMatchObject({ ok: true, lossy: false, issues: [] });
    if (!result.ok) return;
    expect(result.document.hooks).toEqual({ [decisionEvent]: [handler("bash adapter.sh")] });
  });

  it.each([
    ["user.prompt", "Deep Agents Code runs no UserPromptSubmit hooks"],
    ["context.compact", "Deep Agents Code has no PreCompact event"],
    ["context.offload", "the decision form has no counterpart event"],
    ["tool.error", "the decision form has no counterpart event"],
    ["user.name.set", "the decision form has no counterpart event"],
    ["input.required", "the decision form has no counterpart event"],
    ["my.custom", "it is not an event-stream event"],
  ])("reports %s as having no equivalent", (event, reason) => {
    const result = migrate({ hooks: [{ command: ["a"], events: ["session.start", event] }] });
    expect(result).toMatchObject({ ok: true, lossy: true });
    if (!result.ok) return;
    expect(result.issues).toEqual([
      {
        code: "conversion_lossy",
        severity: "warning",
        kind: "lossy",
        subject: null,
        file: "hooks.json",
        path: "hooks[0]",
        message: expect.stringMatching(new RegExp(`^${event} has no equivalent \\(${reason}`)),
      },
    ]);
    expect(Object.keys(result.document.hooks)).toEqual(["SessionStart"]);
  });

  it("maps tool.result to PostToolUse in part, and an every-event entry to every counterpart", () => {
    const result = migrate({
      hooks: [
        { command: ["log"], events: ["tool.result"] },
        { command: ["all"] },
        { command: "not argv" },
      ],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.document.hooks).toEqual({
      SessionStart: [handler("all")],
      PermissionRequest: [handler("all")],
      PreToolUse: [handler("all")],
      PostToolUse: [handler("log"), handler("all")],
      Stop: [handler("all")],
      SessionEnd: [handler("all")],
    });
    expect(result.issues.map((issue) => [issue.kind, issue.path])).toEqual([
      ["lossy", "hooks[2].command"],
      ["lossy", "hooks[0]"],
      ["lossy", "hooks[1]"],
      ["lossy", "hooks[1]"],
    ]);
    expect(result.issues[3]?.message).toBe(
      "listens to every event; these have no Deep Agents Code decision event and are dropped: user.prompt, context.offload, context.compact, tool.error, user.name.set, input.required",
    );
  });

  it("notes, without loss, what the event stream ignores too", () => {
    const result = migrate({
      description: "mine",
      hooks: [{ command: ["a"], events: ["session.end"], timeout: 5 }],
    });
    expect(result).toMatchObject({ ok: true, lossy: false });
    if (!result.ok) return;
    expect(result.issues.map((issue) => [issue.kind, issue.path])).toEqual([
      ["note", "hooks[0].timeout"],
      ["note", "description"],
    ]);
  });

  it("writes a document the decision engine loads without a diagnostic", () => {
    const result = migrate({ hooks: [{ command: ["bash", "it's here.sh"] }] });
    if (!result.ok) throw new Error(result.error);
    const source: ConfigSource = {
      file: "migrated.json",
      layer: "explicit",
      dialect: "deepagents",
      explicit: true,
      trust: "none",
    };
    const loaded = parseDeepagentsConfig(JSON.parse(result.output), source, deepagentsProfile);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.definitions).toHaveLength(6);
    expect(loaded.definitions[0]?.command).toBe(`bash 'it'\\''s here.sh' >/dev/null || true`);
  });

  it.each([
    ["not JSON", "{", /is not valid JSON/],
    ["the decision form", '{"hooks": {"Stop": []}}', /already in the decision form/],
    ["not a hooks file", '["a"]', /needs "hooks": \[\.\.\.\]/],
  ])("refuses %s", (_, text, error) => {
    const result = migrateEventHooks(text, "hooks.json");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(error);
  });
});
