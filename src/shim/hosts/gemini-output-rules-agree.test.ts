import { describe, expect, it } from "vitest";
import { createShimOutcome } from "../../../test/support/create-shim-outcome.js";
import { geminiProfile } from "../../profiles/gemini.js";
import type { EventSpec } from "../../profiles/profile.js";
import { createShimVerdict } from "../create-shim-verdict.js";
import { geminiHost } from "./gemini.js";

// The gemini profile's rows say, for each Gemini CLI event, whether `continue: false` stops the
// agent (`honorsContinue`, with `continue` among the top-level fields) and whether a
// `systemMessage` is shown; the shim's Gemini CLI host must write its replies and read a Gemini
// CLI hook's output the same way, event by event, so the fact lives in the row alone.

const rows: readonly [string, EventSpec][] = Object.entries(geminiProfile.events);

function stopsOnContinue(spec: EventSpec): boolean {
  return spec.honorsContinue && spec.topLevelFields.supported.includes("continue");
}

function showsSystemMessage(spec: EventSpec): boolean {
  return spec.topLevelFields.supported.includes("systemMessage");
}

const hookOutput = JSON.stringify({ continue: false, stopReason: "halt", systemMessage: "note" });

describe.each(rows)(
  "the shim's Gemini CLI host and the gemini profile agree on %s",
  (event, spec) => {
    it("writes continue: false with its stopReason exactly where the row honors it", () => {
      const verdict = createShimVerdict({ continue: false, stopReason: "halt" });
      const reply = geminiHost.writeReply(event, verdict);
      const stops = stopsOnContinue(spec);
      expect(reply.output.continue).toBe(stops ? false : undefined);
      expect(reply.output.stopReason).toBe(stops ? "halt" : undefined);
      const dropped = reply.decision.lossy.some((line) => line.includes("continue: false"));
      expect(dropped).toBe(!stops);
    });

    it("writes the user message as systemMessage exactly where the row takes it", () => {
      const reply = geminiHost.writeReply(event, createShimVerdict({ userMessage: "note" }));
      const shown = showsSystemMessage(spec);
      expect(reply.output.systemMessage).toBe(shown ? "note" : undefined);
      expect(reply.decision.lossy.some((line) => line.includes("note"))).toBe(!shown);
    });

    it("reads a hook's continue: false as a stop exactly where the row honors it", () => {
      const verdict = geminiHost.readVerdict(event, createShimOutcome({ stdout: hookOutput }));
      expect(verdict.failure).toBeNull();
      expect(verdict.continue).toBe(!stopsOnContinue(spec));
      const ignored = verdict.problems.some((line) => line.includes("continue: false"));
      expect(ignored).toBe(!stopsOnContinue(spec));
    });

    it("reads a hook's systemMessage as the user's message exactly where the row takes it", () => {
      const verdict = geminiHost.readVerdict(event, createShimOutcome({ stdout: hookOutput }));
      expect(verdict.userMessage).toBe(showsSystemMessage(spec) ? "note" : null);
    });
  },
);
