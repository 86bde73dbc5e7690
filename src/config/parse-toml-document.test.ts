import { describe, expect, it } from "vitest";
import { parseTomlDocument } from "./parse-toml-document.js";

describe("parseTomlDocument", () => {
  it("parses the seed's inline [[hooks.PreToolUse]] tables into the hooks.json structure", () => {
    const text = [
      "[[hooks.PreToolUse]]",
      'matcher = "^Bash$"',
      "",
      "[[hooks.PreToolUse.hooks]]",
      'type = "command"',
      "command = '/usr/bin/python3 \"$(git rev-parse --show-toplevel)/.zerotwo/hooks/pre.py\"'",
      "timeout = 30",
      'statusMessage = "Checking Bash command"',
      "",
    ].join("\n");
    const parsed = parseTomlDocument(text, "/c/config.toml");
    expect(parsed).toEqual({
      ok: true,
      value: {
        hooks: {
          PreToolUse: [
            {
              matcher: "^Bash$",
              hooks: [
                {
                  type: "command",
                  command:
                    '/usr/bin/python3 "$(git rev-parse --show-toplevel)/.zerotwo/hooks/pre.py"',
                  timeout: 30,
                  statusMessage: "Checking Bash command",
                },
              ],
            },
          ],
        },
      },
    });
  });

  it.each([
    ["an unclosed string", '# ok\nmodel = "x\n', "line 2, column 11"],
    ["a missing value", "[features]\nhooks =\n", "line 2, column 8"],
    ["a duplicate table", "[a]\nx = 1\n[a]\n", "line 3, column 2"],
    ["a bare word value", "hooks = off", "line 1, column 9"],
  ])("reports %s as invalid_toml with its line and column", (_name, text, where) => {
    const parsed = parseTomlDocument(text, "/c/config.toml");
    expect(parsed).toEqual({
      ok: false,
      diagnostic: {
        code: "invalid_toml",
        severity: "error",
        message: expect.stringMatching(
          new RegExp(`^/c/config\\.toml is not valid TOML: .+ at ${where}$`),
        ),
        file: "/c/config.toml",
        path: null,
      },
    });
  });
});
