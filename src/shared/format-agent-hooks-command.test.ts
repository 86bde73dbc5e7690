import { describe, expect, it } from "vitest";
import { createCommandSuggester, formatAgentHooksCommand } from "./format-agent-hooks-command.js";

describe("formatAgentHooksCommand", () => {
  it.each([
    [["hooks", "review"], { profile: "claude" }, "agent-hooks hooks review --profile claude"],
    [
      ["hooks", "trust", "3f9a0c12b4e7"],
      { profile: "zerocode", home: "/tmp/my home", cwd: "/work" },
      "agent-hooks hooks trust 3f9a0c12b4e7 --profile zerocode --home '/tmp/my home' --cwd /work",
    ],
    [
      ["hooks", "list"],
      { profile: "zerocode", systemDir: "~/etc", home: "it's" },
      "agent-hooks hooks list --profile zerocode --home 'it'\\''s' --system-dir ~/etc",
    ],
  ] as const)("%j with %j is %s", (args, flags, expected) => {
    expect(formatAgentHooksCommand(args, flags)).toBe(expected);
    expect(createCommandSuggester(flags)(args)).toBe(expected);
  });
});
