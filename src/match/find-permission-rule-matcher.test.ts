import { describe, expect, it } from "vitest";
import { claudeProfile } from "../profiles/claude.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import type { Profile } from "../profiles/profile.js";
import { compileMatcher } from "./compile-matcher.js";
import { findPermissionRuleMatcher } from "./find-permission-rule-matcher.js";

function find(matcher: string, profile: Profile = claudeProfile) {
  const compiled = compileMatcher(matcher);
  return findPermissionRuleMatcher(matcher, compiled.ok ? compiled.matcher : null, profile);
}

describe("findPermissionRuleMatcher", () => {
  it.each([
    ["Bash(git push*)", "Bash"],
    ["Bash(npm run test:*)", "Bash"],
    ["Read(./secrets/**)", "Read"],
    ["WebFetch(domain:example.com)", "WebFetch"],
    ["Bash(ls)", "Bash"],
  ])("reads %s as a permission rule on %s", (matcher, tool) => {
    expect(find(matcher)).toEqual({ tool, rule: matcher });
  });

  it("knows a profile's internal tool names", () => {
    expect(find("execute(rm)", deepagentsProfile)).toEqual({
      tool: "execute",
      rule: "execute(rm)",
    });
  });

  it.each([
    ["a plain name", "Bash"],
    ["an alternation", "Edit|Write"],
    ["a regex group of names", "mcp__github__(create_issue|update_issue)"],
    ["a group that matches the name itself", "Bash(.*)"],
    ["a regex with a trailing group", "mcp__.*"],
  ])("leaves %s alone", (_name, matcher) => {
    expect(find(matcher)).toBeNull();
  });
});
