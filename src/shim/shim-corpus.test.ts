import { describe, expect, it } from "vitest";
import { createShimOutcome } from "../../test/support/create-shim-outcome.js";
import { isRecord } from "../shared/is-record.js";
import { safeParseJson } from "../shared/safe-parse-json.js";
import { createShimVerdict } from "./create-shim-verdict.js";
import { shimHosts } from "./hosts/shim-hosts.js";
import { readHookVerdict } from "./read-hook-verdict.js";
import {
  type HostReply,
  type ShimFormatName,
  type ShimRunOutcome,
  shimFormatNames,
} from "./shim-types.js";
import { writeHostReply } from "./write-host-reply.js";

// The corpus of Claude Code hook shapes, each run through readHookVerdict → writeHostReply for
// every host that has the event, and the host-side decision read back the way each host's docs
// define it (a reader written here, apart from the shim's own).

const permission = (decision: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: decision,
      permissionDecisionReason: `reason: ${decision}`,
      ...extra,
    },
  });

/** A Claude Code hook's outcome on a canonical event. */
interface CorpusShape {
  event: string;
  outcome: ShimRunOutcome;
}

const corpus = {
  deny: { event: "PreToolUse", outcome: createShimOutcome({ stdout: permission("deny") }) },
  ask: { event: "PreToolUse", outcome: createShimOutcome({ stdout: permission("ask") }) },
  allowWithContext: {
    event: "PreToolUse",
    outcome: createShimOutcome({
      stdout: permission("allow", { additionalContext: "mind the tests" }),
    }),
  },
  stopBlock: {
    event: "Stop",
    outcome: createShimOutcome({
      stdout: JSON.stringify({ decision: "block", reason: "tests fail" }),
    }),
  },
  exit2: {
    event: "PreToolUse",
    outcome: createShimOutcome({ exitCode: 2, stderr: "blocked by policy" }),
  },
  exit2Prompt: {
    event: "UserPromptSubmit",
    outcome: createShimOutcome({ exitCode: 2, stderr: "no secrets" }),
  },
  plainContext: {
    event: "UserPromptSubmit",
    outcome: createShimOutcome({ stdout: "the repo uses pnpm\n" }),
  },
  crash: {
    event: "PreToolUse",
    outcome: createShimOutcome({ exitCode: null, stderr: "Segmentation fault" }),
  },
  garbage: { event: "PreToolUse", outcome: createShimOutcome({ stdout: "{not json" }) },
  timeout: { event: "PreToolUse", outcome: createShimOutcome({ exitCode: null, timedOut: true }) },
  spawnFailure: {
    event: "PreToolUse",
    outcome: createShimOutcome({ exitCode: null, spawnError: "spawn ./guard.sh ENOENT" }),
  },
} as const satisfies Record<string, CorpusShape>;

type HostDecision = "allow" | "deny" | "ask" | "block" | "none";

/** What the host does with a reply, as its docs define it. */
function readHostSide(
  host: ShimFormatName,
  reply: HostReply,
): { decision: HostDecision; output: Record<string, unknown> } {
  expect(reply.exitCode).toBe(0);
  const parsed =
    reply.stdout === "" ? { success: true as const, value: {} } : safeParseJson(reply.stdout);
  if (!parsed.success || !isRecord(parsed.value))
    throw new Error(`not a JSON object: ${reply.stdout}`);
  const output = parsed.value;
  const specific = isRecord(output.hookSpecificOutput) ? output.hookSpecificOutput : {};
  switch (host) {
    case "claude":
    case "codex":
    case "deepagents":
    case "zerocode":
    case "vscode": {
      // VS Code's Stop reads its block from hookSpecificOutput; a PermissionRequest its behavior.
      const behavior = isRecord(specific.decision) ? specific.decision.behavior : undefined;
      const blocked = output.decision === "block" || specific.decision === "block";
      const decision = specific.permissionDecision ?? behavior ?? (blocked ? "block" : "none");
      return { decision: decision as HostDecision, output };
    }
    case "gemini": {
      // `block` is an alias of `deny`; a deny blocks whatever the event does.
      const decision =
        output.decision === "deny" || output.decision === "block" ? "deny" : output.decision;
      return { decision: (decision ?? "none") as HostDecision, output };
    }
    case "cursor": {
      if (output.continue === false || typeof output.followup_message === "string")
        return { decision: "block", output };
      return { decision: (output.permission ?? "none") as HostDecision, output };
    }
    case "copilot": {
      const decision =
        output.permissionDecision ??
        output.behavior ??
        (output.decision === "block" ? "block" : "none");
      return { decision: decision as HostDecision, output };
    }
  }
}

const hosts = shimFormatNames;

/** Where the host has no event of the shape (Deep Agents Code runs no UserPromptSubmit hook). */
type Expected = HostDecision | "absent";

const refusedEverywhere = {
  claude: "deny",
  codex: "deny",
  gemini: "deny",
  cursor: "deny",
  deepagents: "deny",
  zerocode: "deny",
  vscode: "deny",
  copilot: "deny",
} as const;

/**
 * The host-side decision expected for each shape and host: Gemini CLI writes every block as
 * `deny`; ZeroCode and Codex cannot ask; Copilot CLI's userPromptSubmitted cannot block.
 */
const expected = {
  deny: refusedEverywhere,
  ask: {
    ...refusedEverywhere,
    claude: "ask",
    cursor: "ask",
    deepagents: "ask",
    vscode: "ask",
    copilot: "ask",
    gemini: "ask",
  },
  allowWithContext: {
    claude: "allow",
    // Codex 0.169 fails an allow without updatedInput: it is sent as no decision.
    codex: "none",
    gemini: "allow",
    cursor: "allow",
    deepagents: "allow",
    zerocode: "allow",
    vscode: "allow",
    copilot: "allow",
  },
  stopBlock: {
    claude: "block",
    codex: "block",
    gemini: "deny",
    cursor: "block",
    deepagents: "block",
    zerocode: "block",
    vscode: "block",
    copilot: "block",
  },
  exit2: refusedEverywhere,
  exit2Prompt: {
    claude: "block",
    codex: "block",
    gemini: "deny",
    cursor: "block",
    deepagents: "absent",
    zerocode: "block",
    vscode: "block",
    copilot: "none",
  },
  plainContext: {
    claude: "none",
    codex: "none",
    gemini: "none",
    cursor: "none",
    deepagents: "absent",
    zerocode: "none",
    vscode: "none",
    copilot: "none",
  },
  crash: refusedEverywhere,
  garbage: refusedEverywhere,
  timeout: refusedEverywhere,
  spawnFailure: refusedEverywhere,
} as const satisfies Record<keyof typeof corpus, Record<(typeof hosts)[number], Expected>>;

const cases = Object.entries(corpus).flatMap(([name, shape]) =>
  hosts.map((host) => ({ name: name as keyof typeof corpus, shape, host })),
);

function runThroughShim(
  shape: CorpusShape,
  host: ShimFormatName,
): { hostEvent: string; reply: HostReply } {
  const hostEvent = shimHosts[host].events.writeName(shape.event, "Bash");
  if (hostEvent === null) throw new Error(`${host} has no ${shape.event}`);
  const verdict = readHookVerdict({
    hook: "claude",
    hookEvent: shape.event,
    outcome: shape.outcome,
  });
  return { hostEvent, reply: writeHostReply({ host, hostEvent, verdict }) };
}

/** Reads a hook's outcome in its own format and checks what Claude Code, as host, decides. */
function expectClaudeHostDecision(
  hook: ShimFormatName,
  hookEvent: string,
  outcome: ShimRunOutcome,
  hostEvent: string,
  decision: string,
): void {
  const verdict = readHookVerdict({ hook, hookEvent, outcome });
  const reply = writeHostReply({ host: "claude", hostEvent, verdict });
  expect(readHostSide("claude", reply).decision).toBe(decision);
}

describe("the Claude Code corpus in every host", () => {
  it.each(cases)("$name hosted by $host", ({ name, shape, host }) => {
    const want: Expected = expected[name][host];
    if (want === "absent") {
      expect(shimHosts[host].events.writeName(shape.event, "Bash")).toBeNull();
      return;
    }
    const { reply } = runThroughShim(shape, host);
    expect(readHostSide(host, reply).decision).toBe(want);
  });

  it("the done-when path: a Claude deny in Gemini CLI and Cursor carries its reason", () => {
    expect(runThroughShim(corpus.deny, "gemini").reply).toEqual({
      exitCode: 0,
      stdout: '{"decision":"deny","reason":"reason: deny"}\n',
      stderr: "",
    });
    expect(runThroughShim(corpus.deny, "cursor").reply).toEqual({
      exitCode: 0,
      stdout:
        '{"permission":"deny","user_message":"reason: deny","agent_message":"reason: deny"}\n',
      stderr: "",
    });
  });

  it("a Claude Code deny reaches each new host in its own protocol", () => {
    const specific = {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "reason: deny",
    };
    for (const host of ["deepagents", "zerocode", "vscode"] as const) {
      expect(runThroughShim(corpus.deny, host).reply).toEqual({
        exitCode: 0,
        stdout: `${JSON.stringify({ hookSpecificOutput: specific })}\n`,
        stderr: "",
      });
    }
    expect(runThroughShim(corpus.deny, "copilot").reply).toEqual({
      exitCode: 0,
      stdout: '{"permissionDecision":"deny","permissionDecisionReason":"reason: deny"}\n',
      stderr: "",
    });
  });

  it("a rewrite Deep Agents Code parses but does not apply denies the call", () => {
    const shape = {
      event: "PreToolUse",
      outcome: createShimOutcome({
        stdout: permission("allow", { updatedInput: { command: "ls -la" } }),
      }),
    };
    const deepagents = runThroughShim(shape, "deepagents").reply;
    expect(readHostSide("deepagents", deepagents).decision).toBe("deny");
    const vscode = readHostSide("vscode", runThroughShim(shape, "vscode").reply);
    expect(vscode.output.hookSpecificOutput).toMatchObject({ updatedInput: { command: "ls -la" } });
    const copilot = readHostSide("copilot", runThroughShim(shape, "copilot").reply);
    expect(copilot.output).toEqual({
      permissionDecision: "allow",
      permissionDecisionReason: "reason: allow",
      modifiedArgs: { command: "ls -la" },
    });
  });

  it("an allow without a rewrite reaches Codex as no decision, keeping its context", () => {
    const reply = runThroughShim(corpus.allowWithContext, "codex").reply;
    expect(readHostSide("codex", reply).output).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "mind the tests" },
    });
    expect(reply.stderr).toBe(
      "agent-hooks shim: lossy: Codex takes allow only with a rewritten tool input: the hook's allow (reason: allow) is sent as no decision\n",
    );
    const zerocode = readHostSide(
      "zerocode",
      runThroughShim(corpus.allowWithContext, "zerocode").reply,
    );
    expect(zerocode.decision).toBe("allow");
  });

  it("an allow with a rewrite reaches Codex as allow with updatedInput", () => {
    const shape = {
      event: "PreToolUse",
      outcome: createShimOutcome({
        stdout: permission("allow", { updatedInput: { command: "ls -la" } }),
      }),
    };
    const { output } = readHostSide("codex", runThroughShim(shape, "codex").reply);
    expect(output.hookSpecificOutput).toEqual({
      hookEventName: "PreToolUse",
      permissionDecision: "allow",
      permissionDecisionReason: "reason: allow",
      updatedInput: { command: "ls -la" },
    });
  });

  it("VS Code's Stop block is written in hookSpecificOutput", () => {
    const { output } = readHostSide("vscode", runThroughShim(corpus.stopBlock, "vscode").reply);
    expect(output).toEqual({
      hookSpecificOutput: { hookEventName: "Stop", decision: "block", reason: "tests fail" },
    });
  });

  it("exit 2's stderr is the reason everywhere", () => {
    for (const host of hosts) {
      expect(runThroughShim(corpus.exit2, host).reply.stdout).toContain("blocked by policy");
    }
  });

  it("ask where the host cannot ask is a deny that says so", () => {
    const { reply } = runThroughShim(corpus.ask, "codex");
    expect(readHostSide("codex", reply).output).toMatchObject({
      hookSpecificOutput: { permissionDecision: "deny" },
    });
    expect(reply.stdout).toContain("Codex cannot ask on PreToolUse");
    expect(reply.stderr).toContain(
      "agent-hooks shim: lossy: ask is not available on Codex's PreToolUse",
    );
  });

  it("ask on Gemini CLI's BeforeTool is Gemini CLI's ask, its reason also the systemMessage its confirmation shows", () => {
    const { reply } = runThroughShim(corpus.ask, "gemini");
    expect(readHostSide("gemini", reply).output).toEqual({
      decision: "ask",
      reason: "reason: ask",
      systemMessage: "reason: ask",
    });
    expect(reply.stderr).toBe("");
  });

  it("context goes where the host takes it, and is reported lossy where it does not", () => {
    const claude = readHostSide("claude", runThroughShim(corpus.allowWithContext, "claude").reply);
    expect(claude.output.hookSpecificOutput).toMatchObject({ additionalContext: "mind the tests" });
    const gemini = runThroughShim(corpus.allowWithContext, "gemini").reply;
    expect(gemini.stderr).toBe(
      "agent-hooks shim: lossy: context has no place on Gemini CLI's BeforeTool: mind the tests\n",
    );
    const cursor = runThroughShim(corpus.allowWithContext, "cursor").reply;
    expect(cursor.stderr).toContain(
      "agent-hooks shim: lossy: context has no place on Cursor's beforeShellExecution",
    );
  });

  it("plain-text context on a prompt reaches the model where the host has a place for it", () => {
    for (const host of ["claude", "codex", "gemini"] as const) {
      const { output } = readHostSide(host, runThroughShim(corpus.plainContext, host).reply);
      expect(output.hookSpecificOutput).toMatchObject({ additionalContext: "the repo uses pnpm" });
    }
    const cursor = runThroughShim(corpus.plainContext, "cursor").reply;
    expect(readHostSide("cursor", cursor).output).toEqual({ continue: true });
    expect(cursor.stderr).toContain("lossy: context has no place on Cursor's beforeSubmitPrompt");
  });

  it("a Stop block keeps the agent going with the reason as its next instruction", () => {
    expect(readHostSide("cursor", runThroughShim(corpus.stopBlock, "cursor").reply).output).toEqual(
      {
        followup_message: "tests fail",
      },
    );
    expect(readHostSide("gemini", runThroughShim(corpus.stopBlock, "gemini").reply).output).toEqual(
      {
        decision: "deny",
        reason: "tests fail",
      },
    );
  });

  it("a failure names itself in the reason and on stderr", () => {
    const { reply } = runThroughShim(corpus.timeout, "cursor");
    expect(readHostSide("cursor", reply).output.agent_message).toBe(
      "agent-hooks shim: the hook failed (timed out and was killed), so beforeShellExecution is denied (fails closed)",
    );
    expect(reply.stderr).toBe("agent-hooks shim: the hook failed: timed out and was killed\n");
  });

  it("a failure on an event that cannot block passes, with the failure on stderr", () => {
    const verdict = readHookVerdict({
      hook: "claude",
      hookEvent: "PostToolUse",
      outcome: createShimOutcome({ exitCode: null, timedOut: true }),
    });
    const reply = writeHostReply({ host: "cursor", hostEvent: "afterShellExecution", verdict });
    expect(reply).toEqual({
      exitCode: 0,
      stdout: "",
      stderr: "agent-hooks shim: the hook failed: timed out and was killed\n",
    });
  });

  it("a rewrite is applied where the host takes one, and denies the call where it cannot", () => {
    const shape = {
      event: "PreToolUse",
      outcome: createShimOutcome({
        stdout: permission("allow", { updatedInput: { command: "ls -la" } }),
      }),
    };
    const claude = readHostSide("claude", runThroughShim(shape, "claude").reply);
    expect(claude.output.hookSpecificOutput).toMatchObject({ updatedInput: { command: "ls -la" } });
    const gemini = readHostSide("gemini", runThroughShim(shape, "gemini").reply);
    expect(gemini.output.hookSpecificOutput).toMatchObject({ tool_input: { command: "ls -la" } });
    // Gemini CLI replaces the tool's input with tool_input, as Claude Code does with updatedInput.
    expect(runThroughShim(shape, "gemini").reply.stderr).toBe("");
    // Running the call unchanged would run what the hook did not allow.
    const cursor = runThroughShim(shape, "cursor").reply;
    expect(readHostSide("cursor", cursor).decision).toBe("deny");
    expect(cursor.stdout).toContain("denied rather than run unchanged");
    expect(cursor.stderr).toContain(
      "lossy: the rewritten tool input cannot be applied on Cursor's beforeShellExecution",
    );
  });

  it("a block with an empty reason still blocks Cursor's stop (an empty follow-up is none)", () => {
    const reply = writeHostReply({
      host: "cursor",
      hostEvent: "stop",
      verdict: createShimVerdict({ decision: "block", reason: "" }),
    });
    expect(JSON.parse(reply.stdout)).toEqual({ followup_message: "Blocked by the hook" });
  });

  it("a non-blocking error (exit 1) decides nothing and says why", () => {
    const verdict = readHookVerdict({
      hook: "claude",
      hookEvent: "PreToolUse",
      outcome: createShimOutcome({ exitCode: 1, stderr: "jq: not found" }),
    });
    expect(verdict).toMatchObject({ decision: null, failure: null });
    expect(verdict.problems).toEqual(["exited with code 1: jq: not found"]);
  });
});

describe("hooks written for Gemini CLI and Cursor, hosted by Claude Code", () => {
  it.each([
    [
      "gemini",
      "BeforeTool",
      createShimOutcome({ stdout: '{"decision":"deny","reason":"no"}' }),
      "PreToolUse",
      "deny",
    ],
    [
      "gemini",
      "BeforeTool",
      createShimOutcome({ stdout: '{"decision":"block","reason":"no"}' }),
      "PreToolUse",
      "deny",
    ],
    [
      "gemini",
      "BeforeTool",
      createShimOutcome({ exitCode: 2, stderr: "no" }),
      "PreToolUse",
      "deny",
    ],
    [
      "gemini",
      "BeforeTool",
      createShimOutcome({ stdout: '{"decision":"allow"}' }),
      "PreToolUse",
      "allow",
    ],
    [
      "gemini",
      "BeforeTool",
      createShimOutcome({ stdout: '{"decision":"perhaps"}' }),
      "PreToolUse",
      "deny",
    ],
    [
      "gemini",
      "AfterAgent",
      createShimOutcome({ stdout: '{"decision":"deny","reason":"retry"}' }),
      "Stop",
      "block",
    ],
    [
      "gemini",
      "BeforeAgent",
      createShimOutcome({ exitCode: 2, stderr: "no" }),
      "UserPromptSubmit",
      "block",
    ],
    ["gemini", "BeforeTool", createShimOutcome({ stdout: "plain text" }), "PreToolUse", "deny"],
    [
      "cursor",
      "beforeShellExecution",
      createShimOutcome({ stdout: '{"permission":"deny","agent_message":"no"}' }),
      "PreToolUse",
      "deny",
    ],
    [
      "cursor",
      "beforeShellExecution",
      createShimOutcome({ stdout: '{"permission":"ask"}' }),
      "PreToolUse",
      "ask",
    ],
    [
      "cursor",
      "beforeShellExecution",
      createShimOutcome({ stdout: '{"permission":"allow"}' }),
      "PreToolUse",
      "allow",
    ],
    ["cursor", "beforeShellExecution", createShimOutcome({ exitCode: 2 }), "PreToolUse", "deny"],
    [
      "cursor",
      "beforeShellExecution",
      createShimOutcome({ stdout: '{"permission":"nope"}' }),
      "PreToolUse",
      "deny",
    ],
    [
      "cursor",
      "beforeReadFile",
      createShimOutcome({ stdout: '{"permission":"deny"}' }),
      "PreToolUse",
      "deny",
    ],
    [
      "cursor",
      "beforeSubmitPrompt",
      createShimOutcome({ stdout: '{"continue":false,"user_message":"no"}' }),
      "UserPromptSubmit",
      "block",
    ],
    [
      "cursor",
      "stop",
      createShimOutcome({ stdout: '{"followup_message":"run the tests"}' }),
      "Stop",
      "block",
    ],
    ["cursor", "stop", createShimOutcome({ stdout: "{}" }), "Stop", "none"],
  ] as const)("%s %s (%j) → Claude Code %s: %s", expectClaudeHostDecision);

  it("Cursor's messages become the reason and the user message", () => {
    const verdict = readHookVerdict({
      hook: "cursor",
      hookEvent: "beforeShellExecution",
      outcome: createShimOutcome({
        stdout:
          '{"permission":"deny","user_message":"Blocked","agent_message":"rm is not allowed"}',
      }),
    });
    expect(verdict).toMatchObject({
      decision: "deny",
      reason: "rm is not allowed",
      userMessage: "Blocked",
    });
    const { output } = readHostSide(
      "claude",
      writeHostReply({ host: "claude", hostEvent: "PreToolUse", verdict }),
    );
    expect(output).toEqual({
      systemMessage: "Blocked",
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "rm is not allowed",
      },
    });
  });

  it("Gemini CLI's context and stop fields carry over", () => {
    const verdict = readHookVerdict({
      hook: "gemini",
      hookEvent: "BeforeAgent",
      outcome: createShimOutcome({
        stdout: JSON.stringify({
          systemMessage: "hi",
          hookSpecificOutput: { additionalContext: "ctx" },
        }),
      }),
    });
    const { output } = readHostSide(
      "claude",
      writeHostReply({ host: "claude", hostEvent: "UserPromptSubmit", verdict }),
    );
    expect(output).toEqual({
      systemMessage: "hi",
      hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "ctx" },
    });
  });
});

describe("hooks written for Deep Agents Code, ZeroCode, VS Code and Copilot CLI, hosted by Claude Code", () => {
  it.each([
    [
      "deepagents",
      "PreToolUse",
      createShimOutcome({ stdout: permission("deny") }),
      "PreToolUse",
      "deny",
    ],
    [
      "deepagents",
      "PreToolUse",
      createShimOutcome({ stdout: permission("ask") }),
      "PreToolUse",
      "ask",
    ],
    [
      "deepagents",
      "PreToolUse",
      createShimOutcome({ exitCode: 2, stderr: "no" }),
      "PreToolUse",
      "deny",
    ],
    [
      "deepagents",
      "Stop",
      createShimOutcome({ stdout: '{"decision":"block","reason":"tests fail"}' }),
      "Stop",
      "block",
    ],
    // Its SubagentStop cannot decide (the profile's row): a block is not carried.
    [
      "deepagents",
      "SubagentStop",
      createShimOutcome({ stdout: '{"decision":"block","reason":"more"}' }),
      "SubagentStop",
      "none",
    ],
    [
      "zerocode",
      "PreToolUse",
      createShimOutcome({ stdout: permission("deny") }),
      "PreToolUse",
      "deny",
    ],
    [
      "zerocode",
      "PreToolUse",
      createShimOutcome({ stdout: permission("allow") }),
      "PreToolUse",
      "allow",
    ],
    [
      "zerocode",
      "PreToolUse",
      createShimOutcome({ exitCode: 2, stderr: "no" }),
      "PreToolUse",
      "deny",
    ],
    ["zerocode", "Stop", createShimOutcome({ stdout: "plain text" }), "Stop", "block"],
    [
      "vscode",
      "PreToolUse",
      createShimOutcome({ stdout: permission("deny") }),
      "PreToolUse",
      "deny",
    ],
    ["vscode", "PreToolUse", createShimOutcome({ stdout: permission("ask") }), "PreToolUse", "ask"],
    [
      "vscode",
      "Stop",
      createShimOutcome({
        stdout:
          '{"hookSpecificOutput":{"hookEventName":"Stop","decision":"block","reason":"go on"}}',
      }),
      "Stop",
      "block",
    ],
    [
      "copilot",
      "preToolUse",
      createShimOutcome({
        stdout: '{"permissionDecision":"deny","permissionDecisionReason":"no"}',
      }),
      "PreToolUse",
      "deny",
    ],
    [
      "copilot",
      "preToolUse",
      createShimOutcome({ stdout: '{"permissionDecision":"ask"}' }),
      "PreToolUse",
      "ask",
    ],
    [
      "copilot",
      "preToolUse",
      createShimOutcome({ stdout: '{"permissionDecision":"perhaps"}' }),
      "PreToolUse",
      "deny",
    ],
    ["copilot", "preToolUse", createShimOutcome({ stdout: "{not json" }), "PreToolUse", "deny"],
    // Copilot CLI logs and skips a failing preToolUse hook.
    [
      "copilot",
      "preToolUse",
      createShimOutcome({ exitCode: 2, stderr: "no" }),
      "PreToolUse",
      "none",
    ],
    [
      "copilot",
      "permissionRequest",
      createShimOutcome({ exitCode: 2, stdout: '{"message":"not in CI"}' }),
      "PermissionRequest",
      "deny",
    ],
    [
      "copilot",
      "permissionRequest",
      createShimOutcome({ stdout: '{"behavior":"allow"}' }),
      "PermissionRequest",
      "allow",
    ],
    [
      "copilot",
      "agentStop",
      createShimOutcome({ stdout: '{"decision":"block","reason":"run the tests"}' }),
      "Stop",
      "block",
    ],
  ] as const)("%s %s (%j) → Claude Code %s: %s", expectClaudeHostDecision);

  it("a VS Code hook's rewrite reaches the host, which checks it against its own schema", () => {
    const verdict = readHookVerdict({
      hook: "vscode",
      hookEvent: "PreToolUse",
      outcome: createShimOutcome({
        stdout: permission("allow", { updatedInput: { command: "ls" } }),
      }),
    });
    expect(verdict).toMatchObject({ decision: "allow", updatedInput: { command: "ls" } });
  });

  it("Copilot CLI's reason and rewritten arguments carry over", () => {
    const verdict = readHookVerdict({
      hook: "copilot",
      hookEvent: "preToolUse",
      outcome: createShimOutcome({
        stdout: '{"permissionDecision":"allow","modifiedArgs":{"command":"ls -la"}}',
      }),
    });
    const { output } = readHostSide(
      "claude",
      writeHostReply({ host: "claude", hostEvent: "PreToolUse", verdict }),
    );
    expect(output).toEqual({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "allow",
        updatedInput: { command: "ls -la" },
      },
    });
  });
});
