import { describe, expect, it } from "vitest";
import { createEmptyDispatchResult } from "../../decide/dispatch-result.js";
import { profiles } from "../../profiles/profiles.js";
import { readToolFeedback, resolvePostToolBlockEffect } from "./read-tool-feedback.js";

describe("resolvePostToolBlockEffect", () => {
  it.each([
    ["zerocode", "replace"],
    ["claude", "append"],
    ["deepagents", "append"],
    ["vscode", "append"],
  ] as const)("%s → %s", (name, effect) => {
    expect(resolvePostToolBlockEffect(profiles[name])).toBe(effect);
  });
});

describe("readToolFeedback", () => {
  const blocked = { ...createEmptyDispatchResult("PostToolUse", []), decision: "block" as const };

  it("says nothing when the hooks neither blocked nor added context", () => {
    expect(readToolFeedback(createEmptyDispatchResult("PostToolUse", []), profiles.claude)).toBe(
      null,
    );
  });

  it("replaces the output on a ZeroCode block, with a default reason", () => {
    expect(readToolFeedback(blocked, profiles.zerocode)).toEqual({
      decision: "block",
      reason: "A PostToolUse hook blocked this result",
      additionalContext: [],
      replacesOutput: true,
    });
  });

  it("keeps the output beside context, and the caller's effect wins", () => {
    const withContext = { ...blocked, reason: "no", additionalContext: ["note"] };
    expect(readToolFeedback(withContext, profiles.zerocode, "append")).toMatchObject({
      reason: "no",
      additionalContext: ["note"],
      replacesOutput: false,
    });
  });
});
