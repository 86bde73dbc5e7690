import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { combineShimVerdicts } from "./combine-shim-verdicts.js";
import { createShimVerdict } from "./create-shim-verdict.js";
import type { ShimVerdict } from "./shim-types.js";

const allow = createShimVerdict({ decision: "allow", reason: "fine" });
const none = createShimVerdict({ additionalContext: ["a.ts is generated"] });
const deny = (reason: string) => createShimVerdict({ decision: "deny", reason });

describe("combineShimVerdicts", () => {
  it.each<[string, ShimVerdict[], Partial<ShimVerdict>]>([
    ["one part: itself", [deny("no .env")], deny("no .env")],
    ["every part allows: allow", [allow, allow], { decision: "allow", reason: "fine" }],
    [
      "an allow beside no decision: no decision, the context kept",
      [allow, none],
      { decision: null, reason: null, additionalContext: ["a.ts is generated"] },
    ],
    [
      "one deny among allows: deny, with only the deny's reason",
      [allow, deny("no .env"), allow],
      { decision: "deny", reason: "no .env" },
    ],
    [
      "several denies: their reasons, once each",
      [deny("no .env"), deny("no .env"), deny("no keys")],
      { decision: "deny", reason: "no .env; no keys" },
    ],
    [
      "an ask beside an allow: ask",
      [allow, createShimVerdict({ decision: "ask", reason: "check" })],
      { decision: "ask", reason: "check" },
    ],
    [
      "a failure beside a deny: the failure",
      [deny("no .env"), createShimVerdict({ failure: "timed out" })],
      { failure: "timed out" },
    ],
    [
      "continue: false in one part: stops, with its reason",
      [allow, createShimVerdict({ continue: false, stopReason: "halt" })],
      { continue: false, stopReason: "halt" },
    ],
  ])("%s", (_name, verdicts, expected) => {
    expect(combineShimVerdicts(verdicts)).toMatchObject(expected);
  });

  it("denies a call one of whose parts the hook rewrote", () => {
    const rewrite = createShimVerdict({ decision: "allow", updatedInput: { content: "x" } });
    const combined = combineShimVerdicts([allow, rewrite]);
    expect(combined).toMatchObject({ decision: "deny", updatedInput: null });
    expect(combined.reason).toMatch(/cannot be put back into the call/);
  });

  it("never turns a refusal or a failure into anything weaker, in any order", () => {
    const verdict = fc.record({
      decision: fc.constantFrom("allow", "deny", "ask", "block", null),
      reason: fc.option(fc.string(), { nil: null }),
      failure: fc.option(fc.constantFrom("timed out", "crashed"), { nil: null }),
      continue: fc.boolean(),
      updatedInput: fc.option(fc.constant({ command: "ls" }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(verdict, { minLength: 1, maxLength: 5 }), (fields) => {
        const combined = combineShimVerdicts(fields.map((part) => createShimVerdict(part)));
        if (fields.some((part) => part.failure !== null)) {
          expect(combined.failure).not.toBeNull();
        } else if (fields.some((part) => part.decision === "deny")) {
          expect(combined.decision).toBe("deny");
        } else if (fields.some((part) => part.decision === "block")) {
          expect(["deny", "block"]).toContain(combined.decision);
        }
        if (combined.decision === "allow") {
          expect(fields.every((part) => part.decision === "allow")).toBe(true);
        }
        expect(combined.continue).toBe(fields.every((part) => part.continue));
      }),
    );
  });
});
