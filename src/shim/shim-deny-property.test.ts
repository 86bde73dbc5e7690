import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbitraryShimVerdict } from "../../test/support/arbitrary-shim-verdict.js";
import { createShimOutcome } from "../../test/support/create-shim-outcome.js";
import { readHookVerdict } from "./read-hook-verdict.js";
import { type ShimFormatName, type ShimVerdict, shimFormatNames } from "./shim-types.js";
import { writeHostReply } from "./write-host-reply.js";

// Every host event that can block, by host: a deny, a block or a failure must come out as the
// host's deny or block there, whatever else the verdict carries.
const blockingHostEvents = {
  claude: [
    "PreToolUse",
    "PermissionRequest",
    "UserPromptSubmit",
    "Stop",
    "SubagentStop",
    "PostToolUse",
  ],
  codex: ["PreToolUse", "PermissionRequest", "UserPromptSubmit", "Stop", "PostToolUse"],
  gemini: ["BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent", "BeforeModel", "AfterModel"],
  cursor: [
    "beforeShellExecution",
    "beforeMCPExecution",
    "beforeReadFile",
    "preToolUse",
    "beforeSubmitPrompt",
    "stop",
  ],
  // Its PostToolUse is feedback only and its SubagentStop cannot decide (the profile's rows).
  deepagents: ["PreToolUse", "PermissionRequest", "Stop"],
  zerocode: [
    "PreToolUse",
    "PermissionRequest",
    "UserPromptSubmit",
    "Stop",
    "SubagentStop",
    "PostToolUse",
  ],
  vscode: ["PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop"],
  copilot: ["preToolUse", "permissionRequest", "agentStop", "subagentStop"],
} as const satisfies Record<ShimFormatName, readonly string[]>;

const hostEvent = fc.constantFrom(
  ...Object.entries(blockingHostEvents).flatMap(([host, events]) =>
    events.map((event) => ({ host: host as ShimFormatName, event })),
  ),
);

/** A verdict that refuses: a deny or block, or a failure with any decision beside it. */
const refusingVerdict: fc.Arbitrary<ShimVerdict> = arbitraryShimVerdict.filter(
  (verdict) =>
    verdict.decision === "deny" || verdict.decision === "block" || verdict.failure !== null,
);

/** What the host does with the reply, read as a hook of the host's own protocol would be. */
function readHostDecision(
  host: ShimFormatName,
  event: string,
  stdout: string,
): ShimVerdict["decision"] {
  const outcome = createShimOutcome({ stdout });
  return readHookVerdict({ hook: host, hookEvent: event, outcome }).decision;
}

describe("no hook's deny becomes a host's allow", () => {
  it("a refusing verdict is a deny or block in every host event that can block", () => {
    fc.assert(
      fc.property(refusingVerdict, hostEvent, (verdict, { host, event }) => {
        const reply = writeHostReply({ host, hostEvent: event, verdict });
        expect(reply.exitCode).toBe(0);
        expect(["deny", "block"]).toContain(readHostDecision(host, event, reply.stdout));
      }),
      { numRuns: 2000 },
    );
  });

  it("a Claude Code deny with any other output fields beside it is never an allow", () => {
    const extra = fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 });
    fc.assert(
      fc.property(extra, extra, hostEvent, (topLevel, specific, { host, event }) => {
        const stdout = JSON.stringify({
          ...topLevel,
          hookSpecificOutput: { ...specific, permissionDecision: "deny" },
        });
        const outcome = createShimOutcome({ stdout });
        const verdict = readHookVerdict({ hook: "claude", hookEvent: "PreToolUse", outcome });
        expect(verdict.decision === "deny" || verdict.failure !== null).toBe(true);
        const reply = writeHostReply({ host, hostEvent: event, verdict });
        expect(["deny", "block"]).toContain(readHostDecision(host, event, reply.stdout));
      }),
      { numRuns: 300 },
    );
  });

  it("whatever a hook prints with exit 2, a tool call is denied (Copilot CLI: a permission request)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<ShimFormatName>(...shimFormatNames),
        fc.string(),
        fc.string(),
        (hook, stdout, stderr) => {
          const hookEvent = {
            claude: "PreToolUse",
            codex: "PreToolUse",
            gemini: "BeforeTool",
            cursor: "beforeShellExecution",
            deepagents: "PreToolUse",
            zerocode: "PreToolUse",
            vscode: "PreToolUse",
            // Copilot CLI skips a failing preToolUse hook; its permissionRequest reads exit 2 as deny.
            copilot: "permissionRequest",
          }[hook];
          const outcome = {
            exitCode: 2,
            stdout,
            stderr,
            timedOut: false,
            truncated: false,
            spawnError: null,
          };
          const verdict = readHookVerdict({ hook, hookEvent, outcome });
          // Codex fails exit 2 with nothing on stderr (its profile's strictOutput): a failure,
          // which the host's reply denies as it does a deny.
          if (hook === "codex" && stderr.trim() === "") expect(verdict.failure).not.toBeNull();
          else expect(verdict.decision).toBe("deny");
        },
      ),
      { numRuns: 300 },
    );
  });
});
