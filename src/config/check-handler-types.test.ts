import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { claudeProfile } from "../profiles/claude.js";
import type { Profile } from "../profiles/profile.js";
import { checkHandlerTypes } from "./check-handler-types.js";
import type { HandlerType, HookAction } from "./hook-definition.js";

const actions = {
  http: { type: "http", url: "http://127.0.0.1:1/hook", headers: {}, allowedEnvVars: [] },
  prompt: { type: "prompt", prompt: "ok?", model: null, continueOnBlock: null },
  agent: { type: "agent", prompt: "ok?", model: null, continueOnBlock: null },
  mcp_tool: { type: "mcp_tool", server: "memory", tool: "check", input: {} },
} as const satisfies Record<Exclude<HandlerType, "command">, HookAction>;

// A profile whose SessionStart takes no http handler, whatever the built-in tables say.
const profile: Profile = {
  ...claudeProfile,
  events: {
    ...claudeProfile.events,
    SessionStart: { ...claudeProfile.events.SessionStart, unsupportedHandlerTypes: ["http"] },
  },
};

const definitionOf = (type: HandlerType, event = "PreToolUse") =>
  createHookDefinition({ event, ...(type !== "command" && { action: actions[type] }) });

describe("checkHandlerTypes", () => {
  it.each([
    ["command", new Set<HandlerType>(["command"]), true],
    ["http", new Set<HandlerType>(["command", "http"]), true],
    ["prompt", new Set<HandlerType>(["command", "http"]), false],
    ["prompt", new Set<HandlerType>(["command", "http", "prompt"]), true],
    ["agent", new Set<HandlerType>(["command", "http", "prompt"]), false],
    ["mcp_tool", new Set<HandlerType>(["command", "http"]), false],
    ["mcp_tool", new Set<HandlerType>(["command", "http", "mcp_tool"]), true],
  ] as const)(
    "keeps a %s handler when the runnable types are %o, warning unless %s",
    (type, runnable, runs) => {
      const checked = checkHandlerTypes([definitionOf(type)], profile, runnable);
      // A dispatch may still lend the missing callback, so the handler stays.
      expect(checked.definitions).toHaveLength(1);
      expect(checked.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(
        runs ? [] : ["unsupported_handler_type"],
      );
    },
  );

  it("keeps every type when the runnable types are not given", () => {
    const definitions = (["command", "http", "prompt", "agent", "mcp_tool"] as const).map((type) =>
      definitionOf(type),
    );
    expect(checkHandlerTypes(definitions, profile, undefined)).toEqual({
      definitions,
      diagnostics: [],
    });
  });

  it("drops a type the event does not take, naming the event, file and path", () => {
    const checked = checkHandlerTypes(
      [definitionOf("http", "SessionStart"), definitionOf("command", "SessionStart")],
      profile,
      undefined,
    );
    expect(checked.definitions.map((definition) => definition.action)).toEqual([undefined]);
    expect(checked.diagnostics).toEqual([
      {
        code: "unsupported_handler_type",
        severity: "warning",
        message: `Claude Code does not run "http" handlers on SessionStart; the handler is skipped`,
        file: "/config/hooks.json",
        path: "hooks.SessionStart[0].hooks[0].type",
      },
    ]);
  });
});
