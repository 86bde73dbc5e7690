import { copyFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  createTestWorkspace,
  type TestWorkspace,
} from "../../test/support/create-test-workspace.js";
import { packageRoot } from "../../test/support/run-node-script.js";
import { readMonotonicMs } from "../shared/read-monotonic-ms.js";
import { type RunShimOptions, runShim } from "./run-shim.js";
import type { HostReply } from "./shim-types.js";

const fixtures = path.join(packageRoot, "test/fixtures/shim");

/** Copies a fixture script into the workspace, so its processes are checked at cleanup. */
function copyFixture(workspace: TestWorkspace, name: string): string {
  const target = workspace.path(name);
  copyFileSync(path.join(fixtures, name), target);
  return target;
}

function cursorShellPayload(workspace: TestWorkspace, command = "rm -rf /"): string {
  return JSON.stringify({
    conversation_id: "conversation-1",
    generation_id: "generation-1",
    hook_event_name: "beforeShellExecution",
    workspace_roots: [workspace.project],
    command,
    cwd: workspace.project,
  });
}

function geminiToolPayload(workspace: TestWorkspace): string {
  return JSON.stringify({
    session_id: "session-1",
    transcript_path: workspace.path("transcript.jsonl"),
    cwd: workspace.project,
    hook_event_name: "BeforeTool",
    timestamp: "2026-12-01T00:00:00.000Z",
    tool_name: "run_shell_command",
    tool_input: { command: "git push --force" },
  });
}

function runIn(
  workspace: TestWorkspace,
  options: Pick<RunShimOptions, "hook" | "host" | "command" | "stdin"> & Partial<RunShimOptions>,
): Promise<HostReply> {
  return runShim({
    timeoutMs: 10_000,
    env: { PATH: process.env.PATH },
    cwd: workspace.project,
    ...options,
  });
}

/** Cursor's deny: exit 2, or `permission: "deny"` on stdout. */
function readCursorPermission(reply: HostReply): string | null {
  if (reply.exitCode === 2) return "deny";
  const parsed: unknown = reply.stdout.trim() === "" ? {} : JSON.parse(reply.stdout);
  const permission = (parsed as { permission?: unknown }).permission;
  return typeof permission === "string" ? permission : null;
}

/** Gemini CLI's block: exit 2, or `decision: "deny"` (or its alias `block`) on stdout. */
function readGeminiDecision(reply: HostReply): string | null {
  if (reply.exitCode === 2) return "deny";
  const parsed: unknown = reply.stdout.trim() === "" ? {} : JSON.parse(reply.stdout);
  const decision = (parsed as { decision?: unknown }).decision;
  if (decision === "block") return "deny";
  return typeof decision === "string" ? decision : null;
}

describe("runShim", () => {
  it("runs a Claude Code deny hook for Cursor and answers with Cursor's deny and the reason", async () => {
    const workspace = createTestWorkspace("shim");
    const reply = await runIn(workspace, {
      hook: "claude",
      host: "cursor",
      command: [copyFixture(workspace, "claude-deny.sh")],
      stdin: cursorShellPayload(workspace),
    });
    expect(readCursorPermission(reply)).toBe("deny");
    expect(`${reply.stdout}${reply.stderr}`).toContain("rm -rf is not allowed here");
  });

  it("takes the event from --event when the payload names none", async () => {
    const workspace = createTestWorkspace("shim");
    const { hook_event_name: _event, ...payload } = JSON.parse(
      geminiToolPayload(workspace),
    ) as Record<string, unknown>;
    const reply = await runIn(workspace, {
      hook: "claude",
      host: "gemini",
      event: "BeforeTool",
      command: [copyFixture(workspace, "claude-deny.sh")],
      stdin: JSON.stringify(payload),
    });
    expect(readGeminiDecision(reply)).toBe("deny");
    expect(`${reply.stdout}${reply.stderr}`).toContain("rm -rf is not allowed here");
  });

  it("runs several words after -- as an argv list, without a shell", async () => {
    const workspace = createTestWorkspace("shim");
    const output = {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "literally $HOME",
      },
    };
    const reply = await runIn(workspace, {
      hook: "claude",
      host: "cursor",
      command: ["printf", "%s", JSON.stringify(output)],
      stdin: cursorShellPayload(workspace),
    });
    expect(readCursorPermission(reply)).toBe("deny");
    expect(`${reply.stdout}${reply.stderr}`).toContain("literally $HOME");
  });

  it("kills a hook that hangs at the timeout and fails closed", async () => {
    const workspace = createTestWorkspace("shim");
    const reply = await runIn(workspace, {
      hook: "claude",
      host: "cursor",
      command: [copyFixture(workspace, "hang.sh")],
      stdin: cursorShellPayload(workspace),
      timeoutMs: 300,
    });
    expect(readCursorPermission(reply)).toBe("deny");
    expect(reply.stderr).toMatch(/timed out/);
  });

  it("fails closed when the hook's script does not exist", async () => {
    const workspace = createTestWorkspace("shim");
    const reply = await runIn(workspace, {
      hook: "claude",
      host: "gemini",
      command: ["./no-such-hook.sh"],
      stdin: geminiToolPayload(workspace),
    });
    expect(readGeminiDecision(reply)).toBe("deny");
    expect(reply.stderr).toMatch(/no-such-hook\.sh/);
  });

  it("fails closed on stdout that is not JSON on a tool call", async () => {
    const workspace = createTestWorkspace("shim");
    const reply = await runIn(workspace, {
      hook: "claude",
      host: "gemini",
      command: [copyFixture(workspace, "garbage.sh")],
      stdin: geminiToolPayload(workspace),
    });
    expect(readGeminiDecision(reply)).toBe("deny");
    expect(reply.stderr).not.toBe("");
  });

  it("turns a Claude Code exit 2 and its stderr into Gemini CLI's block with that reason", async () => {
    const workspace = createTestWorkspace("shim");
    const reply = await runIn(workspace, {
      hook: "claude",
      host: "gemini",
      command: [copyFixture(workspace, "exit-two.sh")],
      stdin: geminiToolPayload(workspace),
    });
    expect(readGeminiDecision(reply)).toBe("deny");
    expect(`${reply.stdout}${reply.stderr}`).toContain("blocked by policy: no force pushes");
  });

  it("lets an observer event go on when its hook fails, with the message on stderr", async () => {
    const workspace = createTestWorkspace("shim");
    const reply = await runIn(workspace, {
      hook: "claude",
      host: "cursor",
      command: [copyFixture(workspace, "fail.sh")],
      stdin: JSON.stringify({
        conversation_id: "conversation-1",
        generation_id: "generation-1",
        hook_event_name: "afterFileEdit",
        workspace_roots: [workspace.project],
        file_path: workspace.path("project", "main.ts"),
        edits: [{ old_string: "a", new_string: "b" }],
      }),
    });
    expect(reply.exitCode).toBe(0);
    expect(reply.stderr).toContain("the audit log is not writable");
  });

  it.each([
    ["text that is not JSON", "rm -rf /", /not valid JSON/],
    ["a JSON array", "[]", /not a JSON object/],
    ["no event", JSON.stringify({ command: "ls" }), /no hook_event_name/],
    ["an unknown event", JSON.stringify({ hook_event_name: "beforeTeleport" }), /beforeTeleport/],
  ])("fails closed, running nothing, on %s", async (_name, stdin, message) => {
    const workspace = createTestWorkspace("shim");
    const marker = workspace.path("ran");
    const reply = await runIn(workspace, {
      hook: "claude",
      host: "cursor",
      command: [`touch '${marker}'`],
      stdin,
    });
    expect(reply).toMatchObject({ exitCode: 2, stdout: "" });
    expect(reply.stderr).toMatch(message);
    expect(reply.stderr).toContain("failing closed");
    expect(existsSync(marker)).toBe(false);
  });
});

/** Codex 0.169's payload for a tool call, as the real binary sends it. */
function codexToolPayload(
  cwd: string,
  event: string,
  tool: Record<string, unknown>,
): Record<string, unknown> {
  return {
    session_id: "session-1",
    turn_id: "turn-1",
    transcript_path: null,
    cwd,
    hook_event_name: event,
    model: "gpt-5.5",
    permission_mode: "bypassPermissions",
    tool_use_id: "call_1",
    ...tool,
  };
}

function readGuardLog(file: string): Record<string, unknown>[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Codex's reading of a PreToolUse reply: its permissionDecision, or none. */
function readCodexPermission(reply: HostReply): unknown {
  expect(reply.exitCode).toBe(0);
  if (reply.stdout === "") return null;
  const parsed = JSON.parse(reply.stdout) as { hookSpecificOutput?: Record<string, unknown> };
  return parsed.hookSpecificOutput?.permissionDecision ?? null;
}

describe("runShim inside Codex, for a Claude Code hook", () => {
  const patch = (...lines: string[]) =>
    ["*** Begin Patch", ...lines, "*** End Patch", ""].join("\n");

  function runGuard(workspace: TestWorkspace, payload: Record<string, unknown>) {
    const log = workspace.path("guard.jsonl");
    const reply = runIn(workspace, {
      hook: "claude",
      host: "codex",
      command: ["node", copyFixture(workspace, "claude-env-guard.mjs")],
      stdin: JSON.stringify(payload),
      env: { PATH: process.env.PATH, HOME: workspace.home, GUARD_LOG: log },
    });
    return { reply, log };
  }

  it("runs an Edit|Write guard once per file of an apply_patch and denies the patch that writes .env", async () => {
    const workspace = createTestWorkspace("shim");
    const command = patch("*** Add File: notes.txt", "+hello", "*** Add File: .env", "+KEY=1");
    const { reply, log } = runGuard(
      workspace,
      codexToolPayload(workspace.project, "PreToolUse", {
        tool_name: "apply_patch",
        tool_input: { command },
      }),
    );
    const answered = await reply;
    expect(readCodexPermission(answered)).toBe("deny");
    expect(answered.stdout).toContain(`writing ${workspace.project}/.env is not allowed`);
    expect(
      readGuardLog(log).map(({ tool_name, tool_input }) => ({ tool_name, tool_input })),
    ).toEqual([
      {
        tool_name: "Write",
        tool_input: { file_path: `${workspace.project}/notes.txt`, content: "hello\n" },
      },
      {
        tool_name: "Write",
        tool_input: { file_path: `${workspace.project}/.env`, content: "KEY=1\n" },
      },
    ]);
  });

  it("lets a patch through with no decision when the guard allows every file", async () => {
    const workspace = createTestWorkspace("shim");
    const command = patch(
      "*** Update File: src/a.ts",
      "@@",
      "-old",
      "+new",
      "*** Delete File: b.ts",
    );
    const { reply, log } = runGuard(
      workspace,
      codexToolPayload(workspace.project, "PreToolUse", {
        tool_name: "apply_patch",
        tool_input: { command },
      }),
    );
    const answered = await reply;
    expect(answered.stdout).toBe("");
    expect(answered.stderr).toContain("apply_patch deletes b.ts");
    expect(readGuardLog(log).map(({ tool_name }) => tool_name)).toEqual(["Edit", "Write"]);
  });

  it("denies, running nothing, a patch it cannot read with certainty", async () => {
    const workspace = createTestWorkspace("shim");
    const command = `<<'EOF'\n${patch("*** Add File: .env", "+KEY=1")}EOF\n`;
    const { reply, log } = runGuard(
      workspace,
      codexToolPayload(workspace.project, "PreToolUse", {
        tool_name: "apply_patch",
        tool_input: { command },
      }),
    );
    const answered = await reply;
    expect(readCodexPermission(answered)).toBe("deny");
    expect(answered.stdout).toContain("the apply_patch patch cannot be read");
    expect(readGuardLog(log)).toEqual([]);
  });

  it("gives a PostToolUse hook Claude Code's Bash tool_response for Codex's output text", async () => {
    const workspace = createTestWorkspace("shim");
    const { reply, log } = runGuard(
      workspace,
      codexToolPayload(workspace.project, "PostToolUse", {
        tool_name: "Bash",
        tool_input: { command: "make" },
        tool_response: "out\nerr\n",
      }),
    );
    expect((await reply).exitCode).toBe(0);
    expect(readGuardLog(log).map((payload) => payload.tool_response)).toEqual([
      { stdout: "out\nerr\n", stderr: "", interrupted: false, isImage: false },
    ]);
  });

  it("started in a subfolder, runs the guard of the project Codex loaded the hook from", async () => {
    const workspace = createTestWorkspace("shim");
    const project = workspace.project;
    workspace.createDirectory("project", ".git");
    const guard = '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh';
    workspace.writeJson("project/.codex/hooks.json", {
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              {
                type: "command",
                command: `agent-hooks shim --hook claude --host codex -- '${guard}'`,
              },
            ],
          },
        ],
      },
    });
    workspace.writeScript(
      "project/.claude/hooks/guard.sh",
      `#!/bin/sh\ncat >/dev/null\nprintf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"guarded from %s"}}\\n' "$CLAUDE_PROJECT_DIR"\n`,
    );
    const subfolder = workspace.createDirectory("project", "src", "deep");
    const reply = await runShim({
      hook: "claude",
      host: "codex",
      command: [guard],
      stdin: JSON.stringify(
        codexToolPayload(subfolder, "PreToolUse", {
          tool_name: "Bash",
          tool_input: { command: "ls" },
        }),
      ),
      timeoutMs: 10_000,
      env: { PATH: process.env.PATH, HOME: workspace.home },
      cwd: subfolder,
    });
    expect(readCodexPermission(reply)).toBe("deny");
    expect(reply.stdout).toContain(`guarded from ${project}`);
  });
});

describe("runShim's timeout, counted from startedAt", () => {
  it("does not start a hook whose time was spent before it could start, and fails closed", async () => {
    const workspace = createTestWorkspace("shim-late-start");
    const marker = workspace.path("started");
    const reply = await runIn(workspace, {
      hook: "claude",
      host: "gemini",
      command: [`touch ${marker}`],
      stdin: geminiToolPayload(workspace),
      timeoutMs: 5_000,
      startedAt: readMonotonicMs() - 6_000,
    });
    expect(existsSync(marker)).toBe(false);
    expect(JSON.parse(reply.stdout)).toMatchObject({ decision: "deny" });
    expect(reply.stderr).toContain(
      "the shim's 5 s --timeout had passed before the hook could start",
    );
  });

  it("runs the hook in the time left of it", async () => {
    const workspace = createTestWorkspace("shim-time-left");
    const marker = workspace.path("started");
    const reply = await runIn(workspace, {
      hook: "claude",
      host: "gemini",
      command: [`touch ${marker}`],
      stdin: geminiToolPayload(workspace),
      timeoutMs: 60_000,
      startedAt: readMonotonicMs() - 6_000,
    });
    expect(existsSync(marker)).toBe(true);
    expect(reply).toEqual({ exitCode: 0, stdout: "", stderr: "" });
  });
});

describe("runShim: a guard a signal ended behind a shell", () => {
  // The form `convert --shim` writes for "$CLAUDE_PROJECT_DIR"/…: one string, run with sh -c.
  const shellCommand = ['"$CLAUDE_PROJECT_DIR"/guard.sh'];

  function writeKilledGuard(workspace: TestWorkspace, signal: string): void {
    workspace.writeScript(
      path.join(workspace.project, "guard.sh"),
      `#!/bin/sh\nkill -${signal} $$\n`,
    );
  }

  function codexPreToolUse(workspace: TestWorkspace): string {
    return JSON.stringify(
      codexToolPayload(workspace.project, "PreToolUse", {
        tool_name: "Bash",
        tool_input: { command: "rm -rf build" },
      }),
    );
  }

  it.each(["KILL", "SEGV", "TERM"])(
    "denies a Codex PreToolUse when SIG%s ends the guard its sh -c started, naming the signal",
    async (signal) => {
      const workspace = createTestWorkspace("shim");
      writeKilledGuard(workspace, signal);
      const reply = await runIn(workspace, {
        hook: "claude",
        host: "codex",
        command: shellCommand,
        stdin: codexPreToolUse(workspace),
      });
      expect(readCodexPermission(reply)).toBe("deny");
      expect(reply.stdout).toContain(
        `was killed by a signal (SIG${signal}; its shell reported exit`,
      );
      expect(reply.stdout).toContain("fails closed");
    },
  );

  it("denies the same guard run without a shell (an argv list) with the signal's name", async () => {
    const workspace = createTestWorkspace("shim");
    writeKilledGuard(workspace, "KILL");
    const reply = await runIn(workspace, {
      hook: "claude",
      host: "codex",
      command: [path.join(workspace.project, "guard.sh")],
      stdin: codexPreToolUse(workspace),
    });
    expect(readCodexPermission(reply)).toBe("deny");
    expect(reply.stdout).toContain("was killed by a signal (SIGKILL)");
  });

  it("blocks a Gemini CLI BeforeTool the same way", async () => {
    const workspace = createTestWorkspace("shim");
    writeKilledGuard(workspace, "KILL");
    const reply = await runIn(workspace, {
      hook: "claude",
      host: "gemini",
      command: shellCommand,
      stdin: geminiToolPayload(workspace),
      env: { PATH: process.env.PATH, CLAUDE_PROJECT_DIR: workspace.project },
    });
    expect(readGeminiDecision(reply)).toBe("deny");
    expect(`${reply.stdout}${reply.stderr}`).toContain("SIGKILL; its shell reported exit 137");
  });

  it("keeps exit 137 of a guard run without a shell a non-blocking error (the script chose it)", async () => {
    const workspace = createTestWorkspace("shim");
    const guard = workspace.writeScript(
      path.join(workspace.project, "guard.sh"),
      "#!/bin/sh\necho 'chose 137' >&2\nexit 137\n",
    );
    const reply = await runIn(workspace, {
      hook: "claude",
      host: "codex",
      command: [guard],
      stdin: codexPreToolUse(workspace),
    });
    expect(readCodexPermission(reply)).toBe(null);
    expect(reply.stderr).toContain("chose 137");
  });

  it("lets the agent go on at a SessionStart, saying on stderr that the guard was killed", async () => {
    const workspace = createTestWorkspace("shim");
    writeKilledGuard(workspace, "KILL");
    const reply = await runIn(workspace, {
      hook: "claude",
      host: "codex",
      command: shellCommand,
      stdin: JSON.stringify({
        ...codexToolPayload(workspace.project, "SessionStart", {}),
        source: "startup",
      }),
    });
    expect(reply.exitCode).toBe(0);
    expect(reply.stdout).toBe("");
    expect(reply.stderr).toContain("SIGKILL; its shell reported exit 137");
  });
});

describe("runShim inside Gemini CLI: a Claude Code PostToolUse hook reads Bash's tool_response", () => {
  // Reads tool_response.stdout as a Claude Code Bash hook does, and blocks on a key in it.
  const guard = `#!/usr/bin/env node
let text = "";
process.stdin.on("data", (chunk) => { text += chunk; });
process.stdin.on("end", () => {
  const response = JSON.parse(text).tool_response;
  require("node:fs").writeFileSync(process.argv[2], JSON.stringify(response));
  if (String(response.stdout).includes("AKIA")) {
    process.stdout.write(JSON.stringify({ decision: "block", reason: "an AWS key is in the output" }));
  }
});
`;

  it.each([
    // As Gemini CLI 0.61.0 sends it (seen in a real run): wrapped for the model.
    [
      "<untrusted_context>\nOutput: key=AKIA1234\nProcess Group PGID: 77\n</untrusted_context>",
      "deny",
      "key=AKIA1234",
    ],
    ["Output: (empty)\nExit Code: 1\nProcess Group PGID: 78", null, ""],
  ])(
    "%j reaches the hook as {stdout, stderr, interrupted, isImage}",
    async (llmContent, decision, stdout) => {
      const workspace = createTestWorkspace("shim");
      const script = workspace.writeScript(path.join(workspace.project, "post.js"), guard);
      const seen = workspace.path("seen.json");
      const reply = await runIn(workspace, {
        hook: "claude",
        host: "gemini",
        command: [process.execPath, script, seen],
        stdin: JSON.stringify({
          session_id: "session-1",
          transcript_path: workspace.path("transcript.jsonl"),
          cwd: workspace.project,
          hook_event_name: "AfterTool",
          timestamp: "2026-12-01T00:00:00.000Z",
          tool_name: "run_shell_command",
          tool_input: { command: "cat .env" },
          tool_response: { llmContent, returnDisplay: "key=AKIA1234" },
        }),
      });
      expect(JSON.parse(readFileSync(seen, "utf8"))).toEqual({
        stdout,
        stderr: "",
        interrupted: false,
        isImage: false,
      });
      expect(readGeminiDecision(reply)).toBe(decision);
      expect(reply.stderr).toContain(
        "agent-hooks shim: tool_response is read from Gemini CLI's shell output text",
      );
    },
  );
});

describe("runShim inside Gemini CLI: a Claude Code hook's ask", () => {
  it.each([
    [{}, undefined],
    [
      { updatedInput: { command: "git push" } },
      { hookEventName: "BeforeTool", tool_input: { command: "git push" } },
    ],
  ])("is Gemini CLI's ask on BeforeTool (%j)", async (extra, specific) => {
    const workspace = createTestWorkspace("shim");
    const output = {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "ask",
        permissionDecisionReason: "force-push needs a human",
        ...extra,
      },
    };
    const reply = await runIn(workspace, {
      hook: "claude",
      host: "gemini",
      command: ["printf", "%s", JSON.stringify(output)],
      stdin: geminiToolPayload(workspace),
    });
    expect(reply.exitCode).toBe(0);
    expect(JSON.parse(reply.stdout)).toEqual({
      decision: "ask",
      reason: "force-push needs a human",
      systemMessage: "force-push needs a human",
      ...(specific !== undefined && { hookSpecificOutput: specific }),
    });
  });
});

describe("runShim: an interpreter given a script that does not exist", () => {
  function codexPreToolUse(workspace: TestWorkspace): string {
    return JSON.stringify(
      codexToolPayload(workspace.project, "PreToolUse", {
        tool_name: "Bash",
        tool_input: { command: "rm -rf build" },
      }),
    );
  }

  it.each([
    ["a shell string", () => ['node "$CLAUDE_PROJECT_DIR"/.claude/hooks/missing.js']],
    ["a plain string", () => ["node .claude/hooks/missing.js"]],
    ["an argv list", (project: string) => ["node", `${project}/.claude/hooks/missing.js`]],
  ] as const)("fails closed for %s (node exits 1, Cannot find module)", async (_name, build) => {
    const workspace = createTestWorkspace("shim");
    const reply = await runIn(workspace, {
      hook: "claude",
      host: "codex",
      command: build(workspace.project),
      stdin: codexPreToolUse(workspace),
    });
    expect(readCodexPermission(reply)).toBe("deny");
    expect(reply.stdout).toContain(
      `could not start: the script ${workspace.project}/.claude/hooks/missing.js does not exist (the command exited with code 1`,
    );
  });

  it.each([
    ["a script that exists and exits 1", "node guard.js"],
    ["an interpreter given no script", 'node -e "process.exit(1)"'],
    ["a script among candidates (after a cd)", "cd . && node missing.js"],
  ])("leaves %s a non-blocking error", async (_name, command) => {
    const workspace = createTestWorkspace("shim");
    workspace.writeScript(path.join(workspace.project, "guard.js"), "process.exit(1);\n");
    const reply = await runIn(workspace, {
      hook: "claude",
      host: "codex",
      command: [command],
      stdin: codexPreToolUse(workspace),
    });
    expect(readCodexPermission(reply)).toBe(null);
  });
});
