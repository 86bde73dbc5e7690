import fc from "fast-check";
import { parse as parseToml, stringify as stringifyToml } from "smol-toml";
import { describe, expect, it } from "vitest";
import { parseJsoncDocument } from "../config/parse-jsonc-document.js";
import { type MergeConvertedHooksOptions, mergeConvertedHooks } from "./merge-converted-hooks.js";

const lines = (...text: string[]) => text.join("\n");

const gemini: MergeConvertedHooksOptions = {
  syntax: "json",
  from: "claude",
  to: "gemini",
  force: false,
};
const codex: MergeConvertedHooksOptions = {
  syntax: "toml",
  from: "claude",
  to: "codex",
  force: false,
};

const shimCommand = (hook: string, host: string, command: string) =>
  `agent-hooks shim --hook ${hook} --host ${host} --event BeforeTool --timeout 27 -- ${command}; exit $?`;

function geminiHooks(command: string): string {
  const document = {
    hooks: {
      BeforeTool: [
        {
          matcher: "^run_shell_command$",
          hooks: [{ type: "command", command, timeout: 30000 }],
        },
      ],
    },
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

const codexHooks = lines(
  "[[hooks.PreToolUse]]",
  'matcher = "^Bash$"',
  "",
  "[[hooks.PreToolUse.hooks]]",
  'type = "command"',
  'command = "./guard.sh"',
  "timeout = 30",
  "",
);

const codexConfig = lines(
  "# Codex settings",
  'model = "o3"  # the model',
  "approval_policy = 'on-request'",
  "",
  "# docs server",
  "[mcp_servers.docs]",
  'command = "npx"',
  'args = [ "-y", "docs-mcp" ]  # pinned',
  "",
);

function expectMerged(result: ReturnType<typeof mergeConvertedHooks>): string {
  if (!result.ok) throw new Error(result.reason);
  return result.text;
}

describe("mergeConvertedHooks into JSONC settings", () => {
  it("adds hooks to a Gemini CLI settings.json, keeping its comments, keys and layout", () => {
    const settings = lines(
      "{",
      "  // my theme",
      '  "theme": "dark",',
      '  "model": { "name": "gemini-2.5-pro" } // the model',
      "}",
      "",
    );
    const merged = expectMerged(mergeConvertedHooks(settings, geminiHooks("./guard.sh"), gemini));
    expect(merged).toBe(
      lines(
        "{",
        "  // my theme",
        '  "theme": "dark",',
        '  "model": { "name": "gemini-2.5-pro" }, // the model',
        '  "hooks": {',
        '    "BeforeTool": [',
        "      {",
        '        "matcher": "^run_shell_command$",',
        '        "hooks": [',
        "          {",
        '            "type": "command",',
        '            "command": "./guard.sh",',
        '            "timeout": 30000',
        "          }",
        "        ]",
        "      }",
        "    ]",
        "  }",
        "}",
        "",
      ),
    );
  });

  it("follows the file's tab indent, CRLF line ends and byte-order mark", () => {
    const settings = '\uFEFF{\r\n\t"theme": "dark"\r\n}\r\n';
    const merged = expectMerged(mergeConvertedHooks(settings, geminiHooks("./g.sh"), gemini));
    expect(
      merged.startsWith('\uFEFF{\r\n\t"theme": "dark",\r\n\t"hooks": {\r\n\t\t"BeforeTool": ['),
    ).toBe(true);
    expect(merged.replace(/\r\n/g, "")).not.toContain("\n");
  });

  it("keeps a one-line file on one line", () => {
    const merged = expectMerged(
      mergeConvertedHooks('{"theme":"dark","model":{"name":"x"}}\n', geminiHooks("./g.sh"), gemini),
    );
    expect(merged).toBe(
      `{"theme":"dark","model":{"name":"x"},"hooks":${JSON.stringify(JSON.parse(geminiHooks("./g.sh")).hooks)}}\n`,
    );
  });

  it("writes the converted document into an empty file or {}", () => {
    expect(expectMerged(mergeConvertedHooks("", geminiHooks("./g.sh"), gemini))).toBe(
      geminiHooks("./g.sh"),
    );
    expect(expectMerged(mergeConvertedHooks("{}\n", geminiHooks("./g.sh"), gemini))).toBe(
      geminiHooks("./g.sh"),
    );
  });

  it("keeps hooks of other events and adds the new event beside them", () => {
    const settings = lines(
      "{",
      '  "hooks": {',
      "    // notify me",
      '    "AfterAgent": [{ "hooks": [{ "type": "command", "command": "notify" }] }]',
      "  }",
      "}",
      "",
    );
    const result = mergeConvertedHooks(settings, geminiHooks("./g.sh"), gemini);
    const merged = expectMerged(result);
    expect(merged).toContain(
      '    // notify me\n    "AfterAgent": [{ "hooks": [{ "type": "command", "command": "notify" }] }],\n    "BeforeTool": [',
    );
    expect(result).toMatchObject({ set: ["hooks.BeforeTool"], replaced: [] });
  });

  it("replaces an event's hooks that agent-hooks wrote before for the same pair of formats", () => {
    const before = geminiHooks(shimCommand("claude", "gemini", "./old.sh"));
    const after = geminiHooks(shimCommand("claude", "gemini", "./new.sh"));
    const result = mergeConvertedHooks(before, after, gemini);
    expect(expectMerged(result)).toBe(after);
    expect(result).toMatchObject({
      replaced: ["hooks.BeforeTool: 1 entry agent-hooks wrote before"],
    });
  });

  it("leaves a file that already holds the converted hooks as it is", () => {
    const settings = `// mine\n${geminiHooks("./g.sh")}`;
    expect(mergeConvertedHooks(settings, geminiHooks("./g.sh"), gemini)).toEqual({
      ok: true,
      text: settings,
      set: [],
      replaced: [],
      kept: [],
    });
  });

  it.each([
    ["the user's own hook", geminiHooks("./mine.sh")],
    ["a shim hook of another source format", geminiHooks(shimCommand("cursor", "gemini", "./x"))],
  ])("refuses to replace %s on the same event and matcher without --force", (_name, settings) => {
    expect(mergeConvertedHooks(settings, geminiHooks("./g.sh"), gemini)).toEqual({
      ok: false,
      reason:
        "it already has hooks.BeforeTool (1 entry of its own on the matcher of a converted one), which the converted hooks would replace; pass --force to replace it, or convert without -o and merge by hand",
    });
    const forced = mergeConvertedHooks(settings, geminiHooks("./g.sh"), { ...gemini, force: true });
    expect(expectMerged(forced)).toBe(geminiHooks("./g.sh"));
    expect(forced).toMatchObject({
      replaced: ["hooks.BeforeTool (1 entry of its own on the matcher of a converted one)"],
    });
  });

  it("keeps the user's own entries on other matchers, drops the shim's old one, appends the new", () => {
    const settings = lines(
      "{",
      '  "hooks": {',
      '    "BeforeTool": [',
      "      // lint what gets written",
      '      { "matcher": "write_file", "hooks": [{ "type": "command", "command": "./lint.sh" }] },',
      `      { "matcher": "^run_shell_command$", "hooks": [{ "type": "command", "command": ${JSON.stringify(shimCommand("claude", "gemini", "./old.sh"))} }] },`,
      '      { "hooks": [{ "type": "command", "command": "./log.sh" }] } // every tool',
      "    ]",
      "  }",
      "}",
      "",
    );
    const result = mergeConvertedHooks(settings, geminiHooks("./g.sh"), gemini);
    expect(expectMerged(result)).toBe(
      lines(
        "{",
        '  "hooks": {',
        '    "BeforeTool": [',
        "      // lint what gets written",
        '      { "matcher": "write_file", "hooks": [{ "type": "command", "command": "./lint.sh" }] },',
        '      { "hooks": [{ "type": "command", "command": "./log.sh" }] }, // every tool',
        "      {",
        '        "matcher": "^run_shell_command$",',
        '        "hooks": [',
        "          {",
        '            "type": "command",',
        '            "command": "./g.sh",',
        '            "timeout": 30000',
        "          }",
        "        ]",
        "      }",
        "    ]",
        "  }",
        "}",
        "",
      ),
    );
    expect(result).toMatchObject({
      replaced: ["hooks.BeforeTool: 1 entry agent-hooks wrote before"],
      kept: ["hooks.BeforeTool: 2 entries of its own"],
    });
  });

  it("leaves the file as it is when converting again gives what it holds", () => {
    const settings = lines(
      "{",
      '  "hooks": {',
      '    "BeforeTool": [',
      '      { "matcher": "write_file", "hooks": [] }, // mine',
      `      ${JSON.stringify(JSON.parse(geminiHooks("./g.sh")).hooks.BeforeTool[0])}`,
      "    ]",
      "  }",
      "}",
      "",
    );
    expect(mergeConvertedHooks(settings, geminiHooks("./g.sh"), gemini)).toEqual({
      ok: true,
      text: settings,
      set: [],
      replaced: [],
      kept: [],
    });
  });

  it("removes the last entry of a strict JSON list without leaving a trailing comma", () => {
    const settings = lines(
      "{",
      '  "hooks": {',
      '    "BeforeTool": [',
      '      { "matcher": "write_file", "hooks": [] },',
      `      { "matcher": "^run_shell_command$", "hooks": [{ "type": "command", "command": ${JSON.stringify(shimCommand("claude", "gemini", "./old.sh"))} }] }`,
      "    ]",
      "  }",
      "}",
      "",
    );
    const merged = expectMerged(mergeConvertedHooks(settings, geminiHooks("./g.sh"), gemini));
    expect(JSON.parse(merged)).toEqual({
      hooks: {
        BeforeTool: [
          { matcher: "write_file", hooks: [] },
          ...JSON.parse(geminiHooks("./g.sh")).hooks.BeforeTool,
        ],
      },
    });
  });

  it("refuses a different value of a document field the conversion writes, unless --force", () => {
    const converted = `${JSON.stringify({ version: 1, hooks: {} }, null, 2)}\n`;
    const cursor = { syntax: "json", from: "claude", to: "cursor", force: false } as const;
    expect(mergeConvertedHooks('{ "version": 2 }\n', converted, cursor)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^it already has version, which/),
    });
    expect(
      expectMerged(
        mergeConvertedHooks('{ "version": 2 }\n', converted, { ...cursor, force: true }),
      ),
    ).toBe('{ "version": 1,"hooks":{} }\n');
  });

  it.each([
    ["invalid JSON", '{ "theme": "dark"', /^it is not valid JSON \(.*line 1.*\), so the converted/],
    ["a list", "[1, 2]\n", /^it holds a JSON list, not a settings object, so/],
    ["a string", '"x"\n', /^it holds a JSON string, not a settings object/],
  ])("refuses %s without --force and replaces it with", (_name, settings, reason) => {
    const refused = mergeConvertedHooks(settings, geminiHooks("./g.sh"), gemini);
    expect(refused).toMatchObject({ ok: false, reason: expect.stringMatching(reason) });
    expect(refused).toMatchObject({
      reason: expect.stringMatching(/pass --force to replace the whole file$/),
    });
    expect(
      mergeConvertedHooks(settings, geminiHooks("./g.sh"), { ...gemini, force: true }),
    ).toEqual({
      ok: true,
      text: geminiHooks("./g.sh"),
      set: ["hooks"],
      replaced: ["the whole file"],
      kept: [],
    });
  });

  it("keeps any other keys of a settings object, deep-equal, whatever their values", () => {
    const otherKeys = fc.dictionary(
      fc.string().filter((key) => key !== "hooks"),
      fc.jsonValue(),
      { maxKeys: 6 },
    );
    fc.assert(
      fc.property(otherKeys, fc.constantFrom("  ", "    ", "\t"), (settings, indent) => {
        const text = `${JSON.stringify(settings, null, indent)}\n`;
        const merged = expectMerged(mergeConvertedHooks(text, geminiHooks("./g.sh"), gemini));
        const parsed = parseJsoncDocument(merged, "settings.json");
        if (!parsed.ok) throw new Error(parsed.diagnostic.message);
        const { hooks, ...others } = parsed.value as Record<string, unknown>;
        expect(others).toEqual(JSON.parse(text));
        expect(hooks).toEqual(JSON.parse(geminiHooks("./g.sh")).hooks);
      }),
      { numRuns: 200 },
    );
  });
});

describe("mergeConvertedHooks into config.toml", () => {
  it("appends the hook tables, leaving every byte of the settings above them", () => {
    const merged = expectMerged(mergeConvertedHooks(codexConfig, codexHooks, codex));
    expect(merged).toBe(`${codexConfig}\n${codexHooks}`);
  });

  it("replaces only the changed event's tables, in place, keeping other events and the comments around them", () => {
    const config = lines(
      'model = "o3"',
      "",
      "# my stop hook",
      "[[hooks.Stop]]",
      "[[hooks.Stop.hooks]]",
      'type = "command"',
      'command = "notify"',
      "",
      "# the guard, converted",
      "[[hooks.PreToolUse]]",
      'matcher = "^Bash$"',
      "",
      "[[hooks.PreToolUse.hooks]]",
      'type = "command"',
      `command = ${JSON.stringify(shimCommand("claude", "codex", "./old.sh"))}`,
      "timeout = 30",
      "",
      "# docs server",
      "[mcp_servers.docs]",
      'command = "npx"',
      "",
    );
    const result = mergeConvertedHooks(config, codexHooks, codex);
    expect(expectMerged(result)).toBe(
      lines(
        'model = "o3"',
        "",
        "# my stop hook",
        "[[hooks.Stop]]",
        "[[hooks.Stop.hooks]]",
        'type = "command"',
        'command = "notify"',
        "",
        "# the guard, converted",
        codexHooks,
        "# docs server",
        "[mcp_servers.docs]",
        'command = "npx"',
        "",
      ),
    );
    expect(result).toMatchObject({
      set: ["hooks.PreToolUse"],
      replaced: ["hooks.PreToolUse: 1 entry agent-hooks wrote before"],
    });
  });

  it("puts a new event after the file's other hook tables", () => {
    const config = lines(
      "[[hooks.Stop]]",
      "[[hooks.Stop.hooks]]",
      'type = "command"',
      'command = "notify"',
      "",
      "[tui]",
      'theme = "dark"',
      "",
    );
    expect(expectMerged(mergeConvertedHooks(config, codexHooks, codex))).toBe(
      lines(
        "[[hooks.Stop]]",
        "[[hooks.Stop.hooks]]",
        'type = "command"',
        'command = "notify"',
        "",
        codexHooks,
        "[tui]",
        'theme = "dark"',
        "",
      ),
    );
  });

  it("refuses the user's own hooks for the event without --force, and replaces them with it", () => {
    const config = `${codexHooks.replace("./guard.sh", "./mine.sh")}`;
    expect(mergeConvertedHooks(config, codexHooks, codex)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(
        /^it already has hooks\.PreToolUse \(1 entry of its own on the matcher of a converted one\)/,
      ),
    });
    expect(expectMerged(mergeConvertedHooks(config, codexHooks, { ...codex, force: true }))).toBe(
      codexHooks,
    );
  });

  it("keeps the user's own entries on another matcher in place, with their comments", () => {
    const config = lines(
      "# lint edits",
      "[[hooks.PreToolUse]]",
      'matcher = "^apply_patch$"',
      "[[hooks.PreToolUse.hooks]]",
      'type = "command"',
      'command = "./lint.sh" # mine',
      "",
      "[[hooks.PreToolUse]]",
      'matcher = "^Bash$"',
      "[[hooks.PreToolUse.hooks]]",
      'type = "command"',
      `command = ${JSON.stringify(shimCommand("claude", "codex", "./old.sh"))}`,
      "",
      "[tui]",
      'theme = "dark"',
      "",
    );
    const result = mergeConvertedHooks(config, codexHooks, codex);
    expect(expectMerged(result)).toBe(
      lines(
        "# lint edits",
        "[[hooks.PreToolUse]]",
        'matcher = "^apply_patch$"',
        "[[hooks.PreToolUse.hooks]]",
        'type = "command"',
        'command = "./lint.sh" # mine',
        "",
        codexHooks,
        "[tui]",
        'theme = "dark"',
        "",
      ),
    );
    expect(result).toMatchObject({ kept: ["hooks.PreToolUse: 1 entry of its own"] });
  });

  it("keeps CRLF line ends", () => {
    const config = '# mine\r\nmodel = "o3"\r\n';
    expect(expectMerged(mergeConvertedHooks(config, codexHooks, codex))).toBe(
      `${config}\r\n${codexHooks.replace(/\n/g, "\r\n")}`,
    );
  });

  it("sets a document value the conversion carries under an existing table", () => {
    const config = lines("[features]", "other = true # mine", "");
    const converted = `${codexHooks}\n[features]\nhooks = false\n`;
    expect(expectMerged(mergeConvertedHooks(config, converted, codex))).toBe(
      lines("[features]", "hooks = false", "other = true # mine", "", codexHooks),
    );
  });

  it.each([
    ["an inline table", 'hooks = { PreToolUse = [{ matcher = "x", hooks = [] }] }\n'],
    ["an inline array under [hooks]", '[hooks]\nPreToolUse = [{ matcher = "x", hooks = [] }]\n'],
  ])("refuses hooks written as %s, even with --force", (_name, config) => {
    const refusal = {
      ok: false,
      reason:
        "its hooks cannot be merged as a text edit that keeps the rest of the file as it is; write them as [[hooks.<Event>]] tables rather than inline tables or dotted keys, or convert without -o and merge by hand",
    };
    expect(mergeConvertedHooks(config, codexHooks, { ...codex, force: true })).toEqual(refusal);
  });

  it("refuses a file that is not TOML without --force", () => {
    expect(mergeConvertedHooks('model = "o3\n', codexHooks, codex)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(
        /^it is not valid TOML \(.* at line 1, column \d+\), so the converted hooks cannot be merged into it; fix it, or pass --force to replace the whole file$/,
      ),
    });
  });

  it("keeps any other tables and keys, deep-equal, whatever their values", () => {
    const key = fc.stringMatching(/^[A-Za-z0-9_ ."'-]{1,8}$/).filter((name) => name !== "hooks");
    const scalar = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    );
    const table = fc.dictionary(key, fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })), {
      maxKeys: 4,
    });
    const settings = fc.dictionary(key, fc.oneof(scalar, table), { maxKeys: 5 });
    fc.assert(
      fc.property(settings, (value) => {
        const text = stringifyToml(value);
        const merged = expectMerged(mergeConvertedHooks(text, codexHooks, codex));
        const { hooks, ...others } = parseToml(merged);
        expect(others).toEqual(parseToml(text));
        expect(hooks).toEqual(parseToml(codexHooks).hooks);
        if (text.trim() !== "") expect(merged.startsWith(text)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe("mergeConvertedHooks with hooks already in the file", () => {
  const matcher = fc.stringMatching(/^[a-z_^$|]{0,12}$/);
  const command = fc.stringMatching(/^[a-z./ -]{1,12}$/);
  /** An entry of the user's own (never on the converted matcher), or one the shim wrote. */
  const entry = (host: string, convertedMatcher: string) =>
    fc.oneof(
      fc.record({
        matcher: matcher.filter((value) => value !== convertedMatcher),
        hooks: fc.array(fc.record({ type: fc.constant("command"), command }), { maxLength: 2 }),
      }),
      command.map((original) => ({
        matcher: convertedMatcher,
        hooks: [{ type: "command", command: shimCommand("claude", host, original) }],
      })),
    );

  it("keeps the user's entries and other events, drops the shim's, appends the converted (JSON)", () => {
    const converted = JSON.parse(geminiHooks("./g.sh")) as {
      hooks: { BeforeTool: unknown[] };
    };
    fc.assert(
      fc.property(
        fc.array(entry("gemini", "^run_shell_command$"), { maxLength: 4 }),
        fc.array(entry("gemini", "^run_shell_command$"), { maxLength: 2 }),
        fc.constantFrom("  ", "    ", "\t"),
        (existing, others, indent) => {
          const settings = { theme: "dark", hooks: { AfterTool: others, BeforeTool: existing } };
          const text = `${JSON.stringify(settings, null, indent)}\n`;
          const merged = JSON.parse(
            expectMerged(mergeConvertedHooks(text, geminiHooks("./g.sh"), gemini)),
          );
          const isShim = (item: { hooks: { command: string }[] }) =>
            item.hooks[0]?.command.includes("shim --hook") === true;
          expect(merged).toEqual({
            theme: "dark",
            hooks: {
              AfterTool: others,
              BeforeTool: [
                ...existing.filter((item) => !isShim(item)),
                ...converted.hooks.BeforeTool,
              ],
            },
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it("keeps the user's entries and other events, drops the shim's, appends the converted (TOML)", () => {
    const converted = parseToml(codexHooks) as { hooks: { PreToolUse: unknown[] } };
    fc.assert(
      fc.property(
        fc.array(entry("codex", "^Bash$"), { minLength: 1, maxLength: 4 }),
        fc.array(entry("codex", "^Bash$"), { minLength: 1, maxLength: 2 }),
        (existing, others) => {
          const text = stringifyToml({
            model: "o3",
            hooks: { Stop: others, PreToolUse: existing },
            tui: { theme: "dark" },
          });
          const merged = parseToml(expectMerged(mergeConvertedHooks(text, codexHooks, codex)));
          const isShim = (item: { hooks: { command: string }[] }) =>
            item.hooks[0]?.command.includes("shim --hook") === true;
          expect(merged).toEqual({
            model: "o3",
            hooks: {
              Stop: others,
              PreToolUse: [
                ...existing.filter((item) => !isShim(item)),
                ...converted.hooks.PreToolUse,
              ],
            },
            tui: { theme: "dark" },
          });
        },
      ),
      { numRuns: 150 },
    );
  });
});
