import { describe, expect, it } from "vitest";
import { createTestHook } from "../../test/fixtures/convert/create-test-hook.js";
import { convertHooks } from "./convert-hooks.js";
import type { FittedHooks } from "./fit-hooks-to-format.js";
import { hookFormats } from "./hook-formats.js";
import type { PortableHook, PortableHookSet } from "./portable-hooks.js";
import { selectShimTimeout, wrapShimCommands } from "./wrap-shim-commands.js";

/** The fail-closed suffix of a command on an event that can block, for `event`. */
function failClosed(event: string): string {
  return `; shim_exit=$?; case $shim_exit in 0|2) exit $shim_exit;; esac; echo "agent-hooks shim: no answer from agent-hooks (exit $shim_exit: not found, crashed or killed), so ${event} fails closed" >&2; exit 2`;
}

function createHook(fields: Partial<PortableHook>): PortableHook {
  return createTestHook(
    {
      matcher: "Bash",
      command: { default: "./guard.sh" },
      timeoutSeconds: 60,
      origin: {
        format: "claude",
        event: "PreToolUse",
        path: "hooks.PreToolUse[0].hooks[0]",
        matcherPath: null,
        group: 0,
      },
      ...fields,
    },
    "claude",
  );
}

function createSet(hooks: PortableHook[]): FittedHooks {
  const set: PortableHookSet = {
    format: "claude",
    syntax: "json",
    description: null,
    hooks,
    extraFields: [],
  };
  return { set, issues: [] };
}

describe("selectShimTimeout", () => {
  it.each([
    [600, 597],
    [60, 57],
    [6, 3],
    [5, 2.5],
    [3, 1.5],
    [1, 0.5],
  ])("a host timeout of %s s leaves the shim %s s", (host, shim) => {
    expect(selectShimTimeout(host)).toBe(shim);
  });
});

describe("wrapShimCommands", () => {
  it("wraps a command string as one quoted word, with the target's event name and the inner timeout", () => {
    const { set, issues } = wrapShimCommands(
      createSet([
        createHook({
          command: { ...createHook({}).command, default: "./guard.sh --mode 'strict'" },
        }),
      ]),
      hookFormats.gemini,
      { hook: "claude", shimCommand: "agent-hooks" },
    );
    expect(set.hooks[0]?.command.default).toBe(
      `agent-hooks shim --hook claude --host gemini --event BeforeTool --timeout 57 -- './guard.sh --mode '\\''strict'\\'''${failClosed("BeforeTool")}`,
    );
    expect(issues.map((issue) => issue.kind)).toEqual(["note"]);
  });

  it("writes an argv list as several words after --, and keeps a leading ~/ for the shell", () => {
    const { set } = wrapShimCommands(
      createSet([
        createHook({
          command: {
            default: ["~/hooks/guard.sh", "--level", "a b"],
            windows: null,
            linux: null,
            osx: null,
          },
        }),
      ]),
      hookFormats.claude,
      { hook: "claude", shimCommand: "npx agent-hooks" },
    );
    expect(set.hooks[0]?.command.default).toBe(
      `npx agent-hooks shim --hook claude --host claude --event PreToolUse --timeout 57 -- ~/hooks/guard.sh --level 'a b'${failClosed("PreToolUse")}`,
    );
  });

  it("wraps per-OS commands too, a Windows one double-quoted and without the POSIX suffix", () => {
    const { set } = wrapShimCommands(
      createSet([
        createHook({
          command: {
            default: "./guard.sh",
            windows: 'guard.cmd "x"',
            linux: "./linux.sh",
            osx: null,
          },
        }),
      ]),
      hookFormats.codex,
      { hook: "claude", shimCommand: "agent-hooks" },
    );
    const prefix = "agent-hooks shim --hook claude --host codex --event PreToolUse --timeout 57 --";
    expect(set.hooks[0]?.command).toEqual({
      default: `${prefix} ./guard.sh${failClosed("PreToolUse")}`,
      windows: `${prefix} "guard.cmd \\"x\\""`,
      linux: `${prefix} ./linux.sh${failClosed("PreToolUse")}`,
      osx: null,
    });
  });

  it("ends the command with `; exit $?` on an event that cannot block: the shell stays the shim's parent", () => {
    const { set } = wrapShimCommands(
      createSet([createHook({ event: "SessionEnd", matcher: null })]),
      hookFormats.gemini,
      { hook: "claude", shimCommand: "agent-hooks" },
    );
    expect(set.hooks[0]?.command.default).toBe(
      "agent-hooks shim --hook claude --host gemini --event SessionEnd --timeout 57 -- ./guard.sh; exit $?",
    );
  });

  it("braces the variables Gemini CLI replaces in the command text, and only for Gemini CLI", () => {
    const command = '"$CLAUDE_PROJECT_DIR"/g.sh $GEMINI_PROJECT_DIR "$CLAUDE_PROJECT_DIRS" $HOME';
    const wrap = (target: "gemini" | "codex") =>
      wrapShimCommands(
        createSet([createHook({ command: { ...createHook({}).command, default: command } })]),
        hookFormats[target],
        { hook: "claude", shimCommand: "agent-hooks" },
      ).set.hooks[0]?.command.default;
    const braced = `'"\${CLAUDE_PROJECT_DIR}"/g.sh \${GEMINI_PROJECT_DIR} "$CLAUDE_PROJECT_DIRS" $HOME'`;
    expect(wrap("gemini")).toContain(`-- ${braced}`);
    expect(wrap("codex")).toContain(`-- '${command}'`);
  });

  it("notes a host timeout too short for the margin", () => {
    const { issues } = wrapShimCommands(
      createSet([createHook({ timeoutSeconds: 3 })]),
      hookFormats.gemini,
      {
        hook: "claude",
        shimCommand: "agent-hooks",
      },
    );
    expect(issues.map((issue) => [issue.kind, issue.subject])).toEqual([
      ["note", "timeout"],
      ["note", "commands"],
    ]);
  });
});

describe("convertHooks with shimCommand", () => {
  it("writes Gemini CLI settings whose command is the shim around the original, in milliseconds", () => {
    const text = JSON.stringify({
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: "./deny.sh", timeout: 30 }] },
        ],
      },
    });
    const result = convertHooks({
      text,
      file: "settings.json",
      from: "claude",
      to: "gemini",
      shimCommand: "agent-hooks",
    });
    if (!result.ok) throw new Error(result.error);
    const written = JSON.parse(result.output) as {
      hooks: { BeforeTool: { hooks: { command: string; timeout: number }[] }[] };
    };
    expect(written.hooks.BeforeTool[0]?.hooks[0]).toEqual({
      type: "command",
      command: `agent-hooks shim --hook claude --host gemini --event BeforeTool --timeout 27 -- ./deny.sh${failClosed("BeforeTool")}`,
      timeout: 30_000,
    });
    expect(result.lossy).toBe(false);
    expect(result.issues.some((issue) => issue.subject === "commands")).toBe(true);
  });
});

describe("convertHooks with shimCommand, variables", () => {
  it("notes, instead of losing, CLAUDE_PROJECT_DIR for a Claude Code hook: the shim sets it", () => {
    const command = '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh';
    const text = JSON.stringify({
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] },
    });
    const plain = convertHooks({ text, file: "settings.json", from: "claude", to: "codex" });
    const shimmed = convertHooks({
      text,
      file: "settings.json",
      from: "claude",
      to: "codex",
      shimCommand: "agent-hooks",
    });
    if (!plain.ok || !shimmed.ok) throw new Error("conversion failed");
    const variableIssue = (issues: typeof plain.issues) =>
      issues.find((issue) => issue.subject === "$CLAUDE_PROJECT_DIR")?.kind;
    expect(variableIssue(plain.issues)).toBe("lossy");
    expect(variableIssue(shimmed.issues)).toBe("note");
    expect(shimmed.issues.find((issue) => issue.subject === "$CLAUDE_PROJECT_DIR")?.message).toBe(
      "Codex does not set CLAUDE_PROJECT_DIR; agent-hooks shim sets it to the project folder Codex loaded the hook from",
    );
    expect(shimmed.output).toContain(
      `agent-hooks shim --hook claude --host codex --event PreToolUse --timeout 597 -- '\\"$CLAUDE_PROJECT_DIR\\"/.claude/hooks/guard.sh'`,
    );
  });
});

describe("convertHooks with shimCommand, target notes", () => {
  const text = JSON.stringify({
    hooks: {
      PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./guard.sh" }] }],
    },
  });
  const subjects = (to: "cursor" | "codex" | "gemini" | "copilot", shimCommand?: string) => {
    const result = convertHooks({
      text,
      file: "settings.json",
      from: "claude",
      to,
      ...(shimCommand !== undefined && { shimCommand }),
    });
    if (!result.ok) throw new Error(result.error);
    return result.issues.map((issue) => issue.subject);
  };

  it("drops the output-protocol line when the shim answers in the target's protocol", () => {
    for (const to of ["cursor", "gemini", "copilot"] as const) {
      expect(subjects(to)).toContain("the hooks' output");
      expect(subjects(to, "agent-hooks")).not.toContain("the hooks' output");
    }
  });

  it("keeps Codex's trust-review note: the shim changes nothing about it", () => {
    expect(subjects("codex", "agent-hooks")).toContain("the converted hooks");
  });
});
