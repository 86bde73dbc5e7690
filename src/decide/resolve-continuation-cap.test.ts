import { describe, expect, it } from "vitest";
import { claudeProfile } from "../profiles/claude.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import { resolveContinuationCap } from "./resolve-continuation-cap.js";

const variable = "CLAUDE_CODE_STOP_HOOK_BLOCK_CAP";

describe("resolveContinuationCap", () => {
  it.each([
    [undefined, 8],
    ["", 8],
    ["3", 3],
    [" 12 ", 12],
    ["0", null],
    ["1", 1],
  ])("Claude Code with %j gives a cap of %j", (value, cap) => {
    const env = value === undefined ? {} : { [variable]: value };
    expect(resolveContinuationCap(claudeProfile, env)).toEqual({ cap, diagnostic: null });
  });

  it.each(["-1", "2.5", "eight", "1e3", "99999999999999999999"])(
    "keeps the default cap and warns for %j",
    (value) => {
      const { cap, diagnostic } = resolveContinuationCap(claudeProfile, { [variable]: value });
      expect(cap).toBe(8);
      expect(diagnostic).toEqual({
        code: "continuation_cap",
        severity: "warning",
        message: `${variable}=${JSON.stringify(value)} is not a non-negative integer (0 turns the cap off); the cap of 8 applies`,
        file: null,
        path: null,
      });
    },
  );

  it("reads no variable for a profile that names none", () => {
    expect(resolveContinuationCap(deepagentsProfile, { [variable]: "0" })).toEqual({
      cap: deepagentsProfile.continuationCap,
      diagnostic: null,
    });
  });
});
