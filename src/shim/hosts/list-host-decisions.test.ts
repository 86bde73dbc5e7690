import { describe, expect, it } from "vitest";
import { createShimOutcome } from "../../../test/support/create-shim-outcome.js";
import { copilotProfile } from "../../profiles/copilot.js";
import { cursorProfile } from "../../profiles/cursor.js";
import { geminiProfile } from "../../profiles/gemini.js";
import { createShimVerdict } from "../create-shim-verdict.js";
import { copilotHost } from "./copilot.js";
import { cursorHost } from "./cursor.js";
import { listHostDecisions } from "./list-host-decisions.js";

describe("listHostDecisions", () => {
  it("reads Gemini CLI's ask and rewrite from its BeforeTool row", () => {
    const decisions = listHostDecisions(geminiProfile);
    expect(decisions.kinds.BeforeTool).toBe("permission");
    expect(decisions.kinds.AfterAgent).toBe("block");
    expect(decisions.kinds.SessionStart).toBe("none");
    expect(decisions.askingEvents).toEqual(["BeforeTool"]);
    expect(decisions.rewritingEvents).toEqual({
      events: ["BeforeTool"],
      decisions: ["allow", "ask", null],
    });
  });

  it("leaves out Cursor's read gates where it can ask, and takes preToolUse's rewrite", () => {
    const decisions = listHostDecisions(cursorProfile);
    expect(decisions.askingEvents).toEqual([
      "preToolUse",
      "beforeShellExecution",
      "beforeMCPExecution",
    ]);
    expect(decisions.rewritingEvents).toEqual({
      events: ["preToolUse"],
      decisions: ["allow", "ask"],
    });
    expect(decisions.kinds.subagentStop).toBe("none");
  });

  it("gives every spelling the host takes its row's kind", () => {
    const decisions = listHostDecisions(copilotProfile, (event) => [
      event,
      `${event.charAt(0).toUpperCase()}${event.slice(1)}`,
    ]);
    expect(decisions.kinds.PreToolUse).toBe("permission");
    expect(decisions.kinds.AgentStop).toBe("block");
    expect(decisions.askingEvents).toEqual(["preToolUse", "PreToolUse"]);
  });
});

describe("hosts whose output fields come from their profile rows", () => {
  it("carries a rewrite and context on Cursor where its rows map them", () => {
    const rewrite = cursorHost.writeReply(
      "preToolUse",
      createShimVerdict({ decision: "allow", updatedInput: { command: "ls" } }),
    );
    expect(rewrite.output).toEqual({ permission: "allow", updated_input: { command: "ls" } });
    const read = cursorHost.readVerdict(
      "preToolUse",
      createShimOutcome({ stdout: JSON.stringify(rewrite.output) }),
    );
    expect(read.updatedInput).toEqual({ command: "ls" });
    const context = cursorHost.writeReply(
      "sessionStart",
      createShimVerdict({ additionalContext: ["read NOTES.md"] }),
    );
    expect(context.output).toEqual({ additional_context: "read NOTES.md" });
  });

  it("reads Cursor 1.7's camelCase spellings, and reports a field the event does not read", () => {
    const verdict = cursorHost.readVerdict(
      "beforeShellExecution",
      createShimOutcome({ stdout: '{"permission":"deny","agentMessage":"no","userMessage":"u"}' }),
    );
    expect(verdict).toMatchObject({ decision: "deny", reason: "no", userMessage: "u" });
    const stop = cursorHost.readVerdict(
      "stop",
      createShimOutcome({ stdout: '{"followup_message":"go on","permission":"deny"}' }),
    );
    expect(stop).toMatchObject({ decision: "block", reason: "go on" });
    expect(stop.problems).toEqual(['returned permission "deny" on stop, which ignores it']);
  });

  it("reads Copilot CLI's exit 2 by its rows' exitTwo and blockEffect", () => {
    const exitTwo = (event: string) =>
      copilotHost.readVerdict(event, createShimOutcome({ exitCode: 2, stderr: "why" }));
    expect(exitTwo("permissionRequest").decision).toBe("deny");
    expect(exitTwo("postToolUseFailure").additionalContext).toEqual(["why"]);
    expect(exitTwo("preToolUse").decision).toBeNull();
  });

  it("writes Copilot CLI's modifiedArgs with the decisions its profile applies a rewrite with", () => {
    const write = (decision: "ask" | null) =>
      copilotHost.writeReply(
        "preToolUse",
        createShimVerdict({ decision, updatedInput: { command: "ls" } }),
      ).output;
    expect(write("ask")).toEqual({ permissionDecision: "ask", modifiedArgs: { command: "ls" } });
    expect(write(null)).toEqual({ modifiedArgs: { command: "ls" } });
  });
});
