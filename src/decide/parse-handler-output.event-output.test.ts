import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { claudeProfile } from "../profiles/claude.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import type { Profile } from "../profiles/profile.js";
import { type ParsedHandlerOutput, parseHandlerOutput } from "./parse-handler-output.js";

// Event output fields (`eventOutputFields`) are passed on checked, never applied; PermissionRequest
// reads its nested decision fields by its row's `decisionFields`; PreToolUse applies `defer` only
// where the row says so.

function parse(profile: Profile, event: string, output: unknown): ParsedHandlerOutput {
  const hook = createHookDefinition({ event, command: ["./hook.sh"], file: "/cfg/settings.json" });
  const spec = profile.events[event];
  if (spec === undefined) throw new Error(`no ${event} in ${profile.name}`);
  return parseHandlerOutput(JSON.stringify(output), { hook, spec, profile, toolName: "Bash" });
}

const specific = (event: string, fields: Record<string, unknown>) => ({
  hookSpecificOutput: { hookEventName: event, ...fields },
});
const outputOf = (parsed: ParsedHandlerOutput) => (parsed.kind === "json" ? parsed.output : null);
const codes = (parsed: ParsedHandlerOutput) => parsed.diagnostics.map((item) => item.code);

describe("parseHandlerOutput: event output fields", () => {
  it.each([
    ["SessionStart", { sessionTitle: "T", initialUserMessage: "go", watchPaths: ["/a", "/b"] }],
    ["PostToolUse", { updatedToolOutput: { stdout: "x" } }],
    ["PermissionDenied", { retry: false }],
    ["MessageDisplay", { displayContent: "" }],
    ["Elicitation", { action: "cancel", content: {} }],
    ["WorktreeCreate", { worktreePath: "/wt" }],
  ])("passes on %s's fields of the right type", (event, fields) => {
    const parsed = parse(claudeProfile, event, specific(event, fields));
    expect(outputOf(parsed)).toEqual({ eventOutput: fields });
    expect(parsed.diagnostics).toEqual([]);
  });

  it.each([
    ["SessionStart", { watchPaths: ["/a", 1] }, "list of strings"],
    ["SessionStart", { sessionTitle: 3 }, "a number"],
    ["PermissionDenied", { retry: "yes" }, "a string"],
    ["Elicitation", { action: "maybe" }, "a value outside accept, decline, cancel"],
    ["Elicitation", { content: [] }, "an array"],
  ])("drops %s %j (%s) with an invalid_output warning", (event, fields, _wrongType) => {
    const parsed = parse(claudeProfile, event, specific(event, fields));
    expect(outputOf(parsed)).toEqual({});
    expect(codes(parsed)).toEqual(["invalid_output"]);
  });

  it("takes any JSON value as a tool's new output, null included", () => {
    const fields = { updatedToolOutput: null };
    const parsed = parse(claudeProfile, "PostToolUse", specific("PostToolUse", fields));
    expect(outputOf(parsed)).toEqual({ eventOutput: fields });
  });

  it("reads PermissionRequest's decision fields by its row", () => {
    const parsed = parse(
      claudeProfile,
      "PermissionRequest",
      specific("PermissionRequest", {
        decision: {
          behavior: "allow",
          updatedInput: { command: "ls -la" },
          updatedPermissions: [{ type: "setMode", mode: "acceptEdits" }],
          interrupt: false,
          colour: "blue",
        },
      }),
    );
    expect(outputOf(parsed)).toEqual({
      decision: "allow",
      updatedInput: { command: "ls -la" },
      eventOutput: {
        updatedPermissions: [{ type: "setMode", mode: "acceptEdits" }],
        interrupt: false,
      },
    });
    expect(codes(parsed)).toEqual(["unknown_field"]);
  });

  it("keeps reporting nested decision fields as not applied where the row has no decisionFields", () => {
    const parsed = parse(
      deepagentsProfile,
      "PermissionRequest",
      specific("PermissionRequest", {
        decision: { behavior: "allow", updatedInput: { command: "ls" } },
      }),
    );
    expect(outputOf(parsed)).toEqual({ decision: "allow" });
    expect(parsed.notApplied).toEqual(["updatedInput"]);
  });

  it("applies defer on Claude Code's PreToolUse and reports it elsewhere", () => {
    const deferred = specific("PreToolUse", { permissionDecision: "defer" });
    expect(outputOf(parse(claudeProfile, "PreToolUse", deferred))).toEqual({ decision: "defer" });
    const elsewhere = parse(deepagentsProfile, "PreToolUse", deferred);
    expect(outputOf(elsewhere)).toEqual({});
    expect(elsewhere.notApplied).toEqual(["permissionDecision:defer"]);
  });
});
