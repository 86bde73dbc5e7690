import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import type { HookDefinition } from "../config/hook-definition.js";
import { claudeProfile } from "../profiles/claude.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import type { Profile } from "../profiles/profile.js";
import { vscodeProfile } from "../profiles/vscode.js";
import { zerocodeProfile } from "../profiles/zerocode.js";
import { compileHooks } from "./compile-hooks.js";

function createDefinition(event: string, matcher: string | null): HookDefinition {
  return createHookDefinition({ event, matcher });
}

const profiles: Profile[] = [deepagentsProfile, zerocodeProfile, vscodeProfile, claudeProfile];
/** Every event of every profile that does not support matchers (`matchField: null`). */
const withoutMatchField = profiles.flatMap((profile) =>
  Object.entries(profile.events)
    .filter(([, spec]) => spec.matchField === null && spec.configurable)
    .map(([event]) => [profile, event] as const),
);

describe("compileHooks: events that do not support matchers", () => {
  it("covers Stop and UserPromptSubmit of every profile", () => {
    expect(withoutMatchField.map(([profile, event]) => `${profile.name} ${event}`)).toEqual(
      expect.arrayContaining([
        "deepagents Stop",
        "zerocode Stop",
        "zerocode UserPromptSubmit",
        "vscode Stop",
        "vscode UserPromptSubmit",
        "claude Stop",
        "claude UserPromptSubmit",
      ]),
    );
  });

  const cases = withoutMatchField.flatMap(([profile, event]) =>
    ["[", "(", "a{2", "(a+)+$", "Bash", "^deploy"].map(
      (matcher) => [`${profile.name} ${event}`, matcher, profile, event] as const,
    ),
  );
  it.each(cases)(
    "%s ignores the matcher %j: the group loads and matches everything",
    (_name, matcher, profile, event) => {
      const compiled = compileHooks([createDefinition(event, matcher)], profile);
      const hook = compiled.byEvent.get(event)?.[0];
      expect(hook?.matcher.kind).toBe("all");
      expect(hook?.matcher.test(undefined)).toBe(true);
      expect(compiled.diagnostics.map((item) => [item.code, item.severity, item.path])).toEqual([
        ["matcher_ignored", "warning", `hooks.${event}[0].matcher`],
      ]);
    },
  );

  it.each(
    withoutMatchField.flatMap(([profile, event]) =>
      [null, "", "*"].map(
        (matcher) => [`${profile.name} ${event}`, matcher, profile, event] as const,
      ),
    ),
  )("%s takes the matcher %j without a diagnostic", (_name, matcher, profile, event) => {
    const compiled = compileHooks([createDefinition(event, matcher)], profile);
    expect(compiled.byEvent.get(event)).toHaveLength(1);
    expect(compiled.diagnostics).toEqual([]);
  });

  it.each(profiles)(
    "$name still drops a PreToolUse group whose matcher does not compile",
    (profile) => {
      const compiled = compileHooks([createDefinition("PreToolUse", "[")], profile);
      expect(compiled.byEvent.get("PreToolUse")).toBeUndefined();
      expect(compiled.diagnostics.map((item) => item.code)).toEqual(["invalid_matcher"]);
    },
  );
});

describe("compileHooks tool names", () => {
  // Every profile knows Bash by name (a command tool or a match alias).
  it.each(profiles)(
    "warns of a misspelled tool name in a $name matcher, with did you mean",
    (profile) => {
      const { diagnostics } = compileHooks([createDefinition("PreToolUse", "Bassh")], profile);
      expect(diagnostics).toEqual([
        expect.objectContaining({
          code: "matcher_unknown_tool",
          severity: "warning",
          message: expect.stringContaining('(did you mean "Bash"?)'),
          path: "hooks.PreToolUse[0].matcher",
        }),
      ]);
    },
  );

  it("hints at if for a matcher shaped like a permission rule", () => {
    const { diagnostics } = compileHooks(
      [createDefinition("PreToolUse", "Bash(git push*)")],
      claudeProfile,
    );
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: "matcher_unknown_tool",
        severity: "warning",
        message:
          'The matcher "Bash(git push*)" never matches: it is shaped like a permission rule, but a matcher is tested against the tool name only; match "Bash" and put the rule in the handler\'s "if": "if": "Bash(git push*)"',
        path: "hooks.PreToolUse[0].matcher",
      }),
    ]);
  });

  it("adds the hint to a permission rule that does not compile, and says to check the input where there is no if", () => {
    const { diagnostics } = compileHooks(
      [createDefinition("PreToolUse", "Read(./secrets/**)")],
      zerocodeProfile,
    );
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: "invalid_matcher",
        severity: "error",
        message: expect.stringMatching(
          /; the group is skipped \(it is shaped like a permission rule, .*; match "Read" and check the tool input in the hook itself\)$/,
        ),
      }),
    ]);
  });

  it("says nothing of a tool name it does not know and that is close to no known one", () => {
    const { diagnostics } = compileHooks(
      [createDefinition("PreToolUse", "mcp__fs__read|WebFetch")],
      claudeProfile,
    );
    expect(diagnostics).toEqual([]);
  });
});
