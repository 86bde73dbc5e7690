import { describe, expect, it } from "vitest";
import { geminiEventNames, geminiFormat } from "../convert/formats/gemini.js";
import { geminiToolNames } from "../convert/gemini-tool-names.js";
import { mapOutputFields } from "../decide/map-output-fields.js";
import { geminiProfile } from "./gemini.js";
import type { EventSpec } from "./profile.js";
import { findProfile } from "./profiles.js";

const events: Readonly<Record<string, EventSpec>> = geminiProfile.events;
const rows = Object.entries(events);

describe("the gemini profile table", () => {
  it("is registered under its name", () => {
    expect(findProfile("gemini")).toBe(geminiProfile);
  });

  it("names Gemini CLI 0.61.0's eleven events, with Claude Code's counterpart where one exists", () => {
    expect(Object.fromEntries(rows.map(([name, spec]) => [name, spec.canonical ?? null]))).toEqual({
      BeforeTool: "PreToolUse",
      AfterTool: "PostToolUse",
      BeforeAgent: "UserPromptSubmit",
      AfterAgent: "Stop",
      PreCompress: "PreCompact",
      SessionStart: null,
      SessionEnd: null,
      Notification: "Notification",
      BeforeModel: null,
      AfterModel: null,
      BeforeToolSelection: null,
    });
  });

  it("is the one place convert reads Gemini CLI's events, tools and timeouts from", () => {
    for (const [name, spec] of rows) expect(geminiEventNames[spec.canonical ?? name]).toBe(name);
    expect(geminiToolNames).toBe(geminiProfile.canonicalToolNames);
    expect(geminiFormat.timeoutUnit).toBe(geminiProfile.timeoutUnit);
    expect(geminiFormat.defaultTimeoutSeconds).toBe(geminiProfile.defaultTimeoutSeconds);
    const matcherless = rows.filter(([, spec]) => spec.matchField === null);
    for (const [name, spec] of matcherless) {
      expect(geminiFormat.events[spec.canonical ?? name]?.ignoresMatcher, name).toBe(true);
    }
  });

  it.each([
    [
      { decision: "block", reason: "no" },
      { permissionDecision: "deny", permissionDecisionReason: "no" },
    ],
    [{ decision: "approve" }, { permissionDecision: "allow" }],
    [{ decision: "ask" }, { permissionDecision: "ask" }],
  ])("BeforeTool reads %j as %j", (output, specific) => {
    expect(mapOutputFields(output, events.BeforeTool?.outputFields)).toEqual({
      hookSpecificOutput: specific,
    });
  });

  it("BeforeTool reads hookSpecificOutput.tool_input as the rewritten input", () => {
    const output = { hookSpecificOutput: { hookEventName: "BeforeTool", tool_input: { a: 1 } } };
    expect(mapOutputFields(output, events.BeforeTool?.outputFields)).toEqual({
      hookSpecificOutput: { hookEventName: "BeforeTool", updatedInput: { a: 1 } },
    });
  });

  // @google/gemini-cli 0.61.0: hookSystem's fireBeforeModelEvent stops the turn on continue: false;
  // fireBeforeToolSelectionEvent reads only toolConfig from the merge, and every event's hook
  // systemMessage is shown (hookEventHandler's logHookExecution).
  it("continue: false stops the events Gemini CLI 0.61.0 checks it on, BeforeModel included", () => {
    const stopping = rows
      .filter(
        ([, spec]) => spec.honorsContinue && spec.topLevelFields.supported.includes("continue"),
      )
      .map(([name]) => name);
    expect(stopping).toEqual([
      "BeforeTool",
      "AfterTool",
      "BeforeAgent",
      "AfterAgent",
      "BeforeModel",
      "AfterModel",
    ]);
  });

  it("every event, BeforeToolSelection included, shows a hook's systemMessage", () => {
    for (const [name, spec] of rows) {
      expect(spec.topLevelFields.supported, name).toContain("systemMessage");
    }
    expect(events.BeforeToolSelection).toMatchObject({
      decisionKind: "none",
      honorsContinue: false,
    });
  });

  it.each(["AfterTool", "BeforeAgent", "AfterAgent", "BeforeModel", "AfterModel"])(
    "%s reads a deny as its block",
    (event) => {
      expect(events[event]).toMatchObject({ decisionKind: "block", blockEffect: "decide" });
      expect(
        mapOutputFields({ decision: "deny", reason: "r" }, events[event]?.outputFields),
      ).toEqual({ decision: "block", reason: "r" });
    },
  );
});
