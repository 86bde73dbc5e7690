import { describe, expect, it } from "vitest";
import { claudeProfile } from "../profiles/claude.js";
import { aggregateVerdicts } from "./aggregate-verdicts.js";
import { applySessionRules, newSessionState } from "./apply-session-rules.js";
import { createEmptyVerdict, type HandlerVerdict } from "./handler-verdict.js";

function exporting(environment?: Record<string, string>): HandlerVerdict {
  const verdict = createEmptyVerdict("ok");
  if (environment !== undefined) verdict.environment = environment;
  return verdict;
}

describe("aggregateVerdicts: exported environment", () => {
  it("merges in configuration order, a later handler's value winning", () => {
    const aggregated = aggregateVerdicts(
      [exporting({ A: "1", B: "1" }), exporting(), exporting({ B: "2", C: "2" })],
      "none",
    );
    expect(aggregated.environment).toEqual({ A: "1", B: "2", C: "2" });
  });

  it("has no environment when no handler exported one", () => {
    expect("environment" in aggregateVerdicts([exporting(), exporting()], "none")).toBe(false);
  });

  it("keeps the environment through the session rules", () => {
    const spec = claudeProfile.events.SessionStart;
    const aggregated = aggregateVerdicts([exporting({ A: "1" })], spec.decisionKind);
    const ruling = applySessionRules(
      aggregated,
      "SessionStart",
      spec,
      claudeProfile,
      newSessionState,
    );
    expect(ruling.result.environment).toEqual({ A: "1" });
  });
});
