import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Diagnostic, DiagnosticCode, DiagnosticSeverity } from "../diagnostic.js";
import { claudeProfile } from "../profiles/claude.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import type { EventSpec, Profile } from "../profiles/profile.js";
import { profiles } from "../profiles/profiles.js";
import { vscodeProfile } from "../profiles/vscode.js";
import { type AggregatedVerdict, aggregateVerdicts } from "./aggregate-verdicts.js";
import {
  applySessionRules,
  beginSessionEvent,
  newSessionState,
  type SessionState,
} from "./apply-session-rules.js";
import type { Decision } from "./dispatch-result.js";
import { createEmptyVerdict, type HandlerVerdict } from "./handler-verdict.js";

type CapProfile = Pick<Profile, "continuationCap" | "title">;

const allDecisions: readonly (Decision | null)[] = ["allow", "deny", "ask", "block", null];

/** Every event of every built-in profile, with the title of the profile it belongs to. */
const allEvents = (Object.values(profiles) as readonly Profile[]).flatMap((profile) =>
  Object.entries(profile.events).map(([event, spec]) => ({ title: profile.title, event, spec })),
);
const countingEvents = allEvents.filter((entry) => entry.spec.countsContinuations);
const keepingEvents = allEvents.filter((entry) => entry.spec.continueKeepsDecision === true);
const overridingEvents = allEvents.filter((entry) => entry.spec.continueKeepsDecision !== true);
const nonCountingEvents = allEvents.filter((entry) => !entry.spec.countsContinuations);

/** A quiet verdict: nothing decided, the turn continues, no rewrite. */
function aggregatedWith(fields: Partial<AggregatedVerdict> = {}): AggregatedVerdict {
  return {
    decision: null,
    reason: null,
    continue: true,
    stopReason: null,
    systemMessages: ["message"],
    additionalContext: ["context"],
    updatedInput: null,
    ...fields,
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) {
      deepFreeze((value as Record<PropertyKey, unknown>)[key]);
    }
  }
  return value;
}

const text = fc.option(fc.string({ maxLength: 12 }), { nil: null });

const aggregatedArbitrary: fc.Arbitrary<AggregatedVerdict> = fc.record({
  decision: fc.constantFrom(...allDecisions),
  reason: text,
  continue: fc.boolean(),
  stopReason: text,
  systemMessages: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
  additionalContext: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
  updatedInput: fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: null }),
});

/** Mostly blocking verdicts, so that sequences run into the cap. */
const stopVerdictArbitrary: fc.Arbitrary<AggregatedVerdict> = fc.record({
  decision: fc.constantFrom<Decision | null>("block", "block", "block", "block", null),
  reason: text,
  continue: fc.constantFrom(true, true, true, false),
  stopReason: text,
  systemMessages: fc.constant([]),
  additionalContext: fc.constant([]),
  updatedInput: fc.constant(null),
});

const stateArbitrary: fc.Arbitrary<SessionState> = fc
  .nat({ max: 20 })
  .map((continuations) => ({ continuations }));

const capProfileArbitrary: fc.Arbitrary<CapProfile> = fc.record({
  continuationCap: fc.option(fc.nat({ max: 10 }), { nil: null }),
  title: fc.constantFrom(...Object.values(profiles).map((profile) => profile.title)),
});

const deepagentsPreToolUse: EventSpec = deepagentsProfile.events.PreToolUse;
const deepagentsStop: EventSpec = deepagentsProfile.events.Stop;
const claudePreToolUse: EventSpec = claudeProfile.events.PreToolUse;
const claudeStop: EventSpec = claudeProfile.events.Stop;
const claudeSubagentStop: EventSpec = claudeProfile.events.SubagentStop;
const uncapped = { ...claudeProfile, continuationCap: null };

interface ExpectedDiagnostic {
  code: DiagnosticCode;
  severity: DiagnosticSeverity;
  /** Fragments the message must contain. */
  mentions: readonly string[];
}

interface Row {
  name: string;
  event: string;
  spec: EventSpec;
  profile: CapProfile;
  aggregated: AggregatedVerdict;
  continuations: number;
  decision: Decision | null;
  reason: string | null;
  updatedInput: unknown;
  diagnostics: readonly ExpectedDiagnostic[];
  /** The next state's count, or "same": the very state object passed in. */
  next: number | "same";
}

const rewrite = { command: "ls -la" };

const overridden = (event: string, decision: Decision): ExpectedDiagnostic => ({
  code: "decision_overridden",
  severity: "info",
  mentions: [event, `"${decision}"`, "continue: false"],
});

const capped = (event: string, title: string, cap: number): ExpectedDiagnostic => ({
  code: "continuation_cap",
  severity: "warning",
  mentions: [event, title, `${cap + 1} times`, `allows ${cap} consecutive`],
});

const rows: Row[] = [
  {
    name: "PreToolUse allow keeps its rewrite",
    event: "PreToolUse",
    spec: deepagentsPreToolUse,
    profile: deepagentsProfile,
    aggregated: aggregatedWith({ decision: "allow", reason: "fine", updatedInput: rewrite }),
    continuations: 3,
    decision: "allow",
    reason: "fine",
    updatedInput: rewrite,
    diagnostics: [],
    next: "same",
  },
  {
    name: "PreToolUse ask keeps its rewrite",
    event: "PreToolUse",
    spec: claudePreToolUse,
    profile: claudeProfile,
    aggregated: aggregatedWith({ decision: "ask", reason: "check", updatedInput: rewrite }),
    continuations: 0,
    decision: "ask",
    reason: "check",
    updatedInput: rewrite,
    diagnostics: [],
    next: "same",
  },
  {
    name: "PreToolUse deny drops the rewrite, keeps the reason",
    event: "PreToolUse",
    spec: claudePreToolUse,
    profile: claudeProfile,
    aggregated: aggregatedWith({ decision: "deny", reason: "no", updatedInput: rewrite }),
    continuations: 0,
    decision: "deny",
    reason: "no",
    updatedInput: null,
    diagnostics: [],
    next: "same",
  },
  {
    name: "PreToolUse without a decision drops the rewrite",
    event: "PreToolUse",
    spec: deepagentsPreToolUse,
    profile: deepagentsProfile,
    aggregated: aggregatedWith({ updatedInput: rewrite }),
    continuations: 0,
    decision: null,
    reason: null,
    updatedInput: null,
    diagnostics: [],
    next: "same",
  },
  {
    name: "Stop block drops a rewrite and counts a continuation",
    event: "Stop",
    spec: deepagentsStop,
    profile: deepagentsProfile,
    aggregated: aggregatedWith({ decision: "block", reason: "go on", updatedInput: rewrite }),
    continuations: 0,
    decision: "block",
    reason: "go on",
    updatedInput: null,
    diagnostics: [],
    next: 1,
  },
  {
    name: "continue: false overrides a deny on a non-counting event",
    event: "PreToolUse",
    spec: deepagentsPreToolUse,
    profile: deepagentsProfile,
    aggregated: aggregatedWith({ decision: "deny", reason: "no", continue: false }),
    continuations: 2,
    decision: null,
    reason: null,
    updatedInput: null,
    diagnostics: [overridden("PreToolUse", "deny")],
    next: "same",
  },
  {
    name: "continue: false overrides an allow and drops its rewrite",
    event: "PreToolUse",
    spec: deepagentsPreToolUse,
    profile: deepagentsProfile,
    aggregated: aggregatedWith({
      decision: "allow",
      reason: "fine",
      continue: false,
      stopReason: "halt",
      updatedInput: rewrite,
    }),
    continuations: 0,
    decision: null,
    reason: null,
    updatedInput: null,
    diagnostics: [overridden("PreToolUse", "allow")],
    next: "same",
  },
  {
    name: "claude PreToolUse: a deny and its reason stand beside continue: false",
    event: "PreToolUse",
    spec: claudePreToolUse,
    profile: claudeProfile,
    aggregated: aggregatedWith({ decision: "deny", reason: "no", continue: false }),
    continuations: 0,
    decision: "deny",
    reason: "no",
    updatedInput: null,
    diagnostics: [],
    next: "same",
  },
  {
    name: "claude PreToolUse: an allow keeps its rewrite beside continue: false",
    event: "PreToolUse",
    spec: claudePreToolUse,
    profile: claudeProfile,
    aggregated: aggregatedWith({
      decision: "allow",
      reason: "fine",
      continue: false,
      stopReason: "halt",
      updatedInput: rewrite,
    }),
    continuations: 0,
    decision: "allow",
    reason: "fine",
    updatedInput: rewrite,
    diagnostics: [],
    next: "same",
  },
  {
    name: "claude UserPromptSubmit: a block stands beside continue: false",
    event: "UserPromptSubmit",
    spec: claudeProfile.events.UserPromptSubmit,
    profile: claudeProfile,
    aggregated: aggregatedWith({ decision: "block", reason: "no", continue: false }),
    continuations: 0,
    decision: "block",
    reason: "no",
    updatedInput: null,
    diagnostics: [],
    next: "same",
  },
  {
    name: "claude Stop: continue: false still overrides a block (the turn ends)",
    event: "Stop",
    spec: claudeStop,
    profile: claudeProfile,
    aggregated: aggregatedWith({ decision: "block", reason: "go on", continue: false }),
    continuations: 2,
    decision: null,
    reason: null,
    updatedInput: null,
    diagnostics: [overridden("Stop", "block")],
    next: 0,
  },
  {
    name: "claude PreToolUse: a rewrite with no decision goes to the host's permission flow",
    event: "PreToolUse",
    spec: claudePreToolUse,
    profile: claudeProfile,
    aggregated: aggregatedWith({ updatedInput: rewrite }),
    continuations: 0,
    decision: null,
    reason: null,
    updatedInput: rewrite,
    diagnostics: [],
    next: "same",
  },
  {
    name: "claude PreToolUse: defer drops a rewrite",
    event: "PreToolUse",
    spec: claudePreToolUse,
    profile: claudeProfile,
    aggregated: aggregatedWith({ decision: "defer", updatedInput: rewrite }),
    continuations: 0,
    decision: "defer",
    reason: null,
    updatedInput: null,
    diagnostics: [],
    next: "same",
  },
  {
    name: "continue: false without a decision adds no diagnostic",
    event: "Stop",
    spec: deepagentsStop,
    profile: deepagentsProfile,
    aggregated: aggregatedWith({ continue: false, stopReason: "halt" }),
    continuations: 4,
    decision: null,
    reason: null,
    updatedInput: null,
    diagnostics: [],
    next: 0,
  },
  {
    name: "continue: false overrides a Stop block, which then resets the count",
    event: "Stop",
    spec: deepagentsStop,
    profile: deepagentsProfile,
    aggregated: aggregatedWith({ decision: "block", reason: "go on", continue: false }),
    continuations: 3,
    decision: null,
    reason: null,
    updatedInput: null,
    diagnostics: [overridden("Stop", "block")],
    next: 0,
  },
  {
    name: "continue: false at the cap reports the override only, not the cap",
    event: "Stop",
    spec: deepagentsStop,
    profile: deepagentsProfile,
    aggregated: aggregatedWith({ decision: "block", reason: "go on", continue: false }),
    continuations: 8,
    decision: null,
    reason: null,
    updatedInput: null,
    diagnostics: [overridden("Stop", "block")],
    next: 0,
  },
  {
    name: "Stop block one below the cap still continues",
    event: "Stop",
    spec: deepagentsStop,
    profile: deepagentsProfile,
    aggregated: aggregatedWith({ decision: "block", reason: "go on" }),
    continuations: 7,
    decision: "block",
    reason: "go on",
    updatedInput: null,
    diagnostics: [],
    next: 8,
  },
  {
    name: "Stop block exactly at the cap ends the turn",
    event: "Stop",
    spec: deepagentsStop,
    profile: deepagentsProfile,
    aggregated: aggregatedWith({ decision: "block", reason: "go on" }),
    continuations: 8,
    decision: null,
    reason: null,
    updatedInput: null,
    diagnostics: [capped("Stop", "Deep Agents Code", 8)],
    next: 0,
  },
  {
    name: "Stop block beyond the cap ends the turn",
    event: "Stop",
    spec: deepagentsStop,
    profile: deepagentsProfile,
    aggregated: aggregatedWith({ decision: "block", reason: "go on" }),
    continuations: 12,
    decision: null,
    reason: null,
    updatedInput: null,
    diagnostics: [capped("Stop", "Deep Agents Code", 8)],
    next: 0,
  },
  {
    name: "a cap of 0 refuses the first continuation",
    event: "Stop",
    spec: claudeStop,
    profile: { ...claudeProfile, continuationCap: 0 },
    aggregated: aggregatedWith({ decision: "block", reason: "go on" }),
    continuations: 0,
    decision: null,
    reason: null,
    updatedInput: null,
    diagnostics: [capped("Stop", "Claude Code", 0)],
    next: 0,
  },
  {
    name: "no cap (null) lets a Stop block continue forever",
    event: "Stop",
    spec: claudeStop,
    profile: uncapped,
    aggregated: aggregatedWith({ decision: "block", reason: "go on" }),
    continuations: 1000,
    decision: "block",
    reason: "go on",
    updatedInput: null,
    diagnostics: [],
    next: 1001,
  },
  {
    name: "Stop without a block resets the count",
    event: "Stop",
    spec: deepagentsStop,
    profile: deepagentsProfile,
    aggregated: aggregatedWith({ reason: "stray reason" }),
    continuations: 5,
    decision: null,
    reason: "stray reason",
    updatedInput: null,
    diagnostics: [],
    next: 0,
  },
  {
    name: "a non-counting event's block ignores the cap and leaves the state alone",
    event: "SubagentStop",
    spec: claudeSubagentStop,
    profile: { ...claudeProfile, continuationCap: 0 },
    aggregated: aggregatedWith({ decision: "block", reason: "keep going" }),
    continuations: 4,
    decision: "block",
    reason: "keep going",
    updatedInput: null,
    diagnostics: [],
    next: "same",
  },
];

describe("applySessionRules", () => {
  it.each(rows)("$name", (row) => {
    const state: SessionState = { continuations: row.continuations };
    const { result, state: next } = applySessionRules(
      row.aggregated,
      row.event,
      row.spec,
      row.profile,
      state,
    );
    expect(result.decision).toBe(row.decision);
    expect(result.reason).toBe(row.reason);
    expect(result.updatedInput).toBe(row.updatedInput);
    // Everything else passes through.
    expect(result.continue).toBe(row.aggregated.continue);
    expect(result.stopReason).toBe(row.aggregated.stopReason);
    expect(result.systemMessages).toEqual(row.aggregated.systemMessages);
    expect(result.additionalContext).toEqual(row.aggregated.additionalContext);
    expect(
      result.diagnostics.map(({ code, severity, file, path }) => ({ code, severity, file, path })),
    ).toEqual(
      row.diagnostics.map(({ code, severity }) => ({ code, severity, file: null, path: null })),
    );
    row.diagnostics.forEach((expected, index) => {
      for (const mention of expected.mentions) {
        expect(result.diagnostics[index]?.message).toContain(mention);
      }
    });
    if (row.next === "same") expect(next).toBe(state);
    else expect(next).toEqual({ continuations: row.next });
  });

  it("never counts more consecutive continuations than the cap, and counts them exactly", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 6 }),
        fc.array(
          fc.record({
            entry: fc.constantFrom(...Object.entries(deepagentsProfile.events)),
            verdict: stopVerdictArbitrary,
          }),
          { maxLength: 40 },
        ),
        (cap, steps) => {
          const profile: CapProfile = { ...deepagentsProfile, continuationCap: cap };
          let state = newSessionState;
          let run = 0;
          for (const {
            entry: [event, spec],
            verdict,
          } of steps) {
            const begun = beginSessionEvent(spec, state);
            if (spec.resetsContinuations) run = 0;
            if (spec.countsContinuations) expect(begun.stopHookActive).toBe(run > 0);
            const ruled = applySessionRules(verdict, event, spec, profile, begun.state);
            state = ruled.state;
            if (spec.countsContinuations) run = ruled.result.decision === "block" ? run + 1 : 0;
            expect(state.continuations).toBeLessThanOrEqual(cap);
            expect(run).toBeLessThanOrEqual(cap);
            expect(state.continuations).toBe(run);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("without a cap, counts every consecutive continuation", () => {
    fc.assert(
      fc.property(fc.array(stopVerdictArbitrary, { maxLength: 30 }), (verdicts) => {
        let state = newSessionState;
        let run = 0;
        for (const verdict of verdicts) {
          const ruled = applySessionRules(verdict, "Stop", claudeStop, uncapped, state);
          const survives = verdict.continue && verdict.decision === "block";
          expect(ruled.result.decision).toBe(survives ? "block" : null);
          run = survives ? run + 1 : 0;
          state = ruled.state;
          expect(state.continuations).toBe(run);
          expect(ruled.result.diagnostics.map((diagnostic) => diagnostic.code)).not.toContain(
            "continuation_cap",
          );
        }
      }),
    );
  });

  it("reports a reached cap with the event, the profile's title and the cap", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...countingEvents),
        fc.nat({ max: 10 }),
        fc.nat({ max: 5 }),
        fc.string({ minLength: 1, maxLength: 12 }),
        (entry, cap, beyond, event) => {
          const profile: CapProfile = { title: entry.title, continuationCap: cap };
          const { result, state } = applySessionRules(
            aggregatedWith({ decision: "block", reason: "go on" }),
            event,
            entry.spec,
            profile,
            { continuations: cap + beyond },
          );
          expect(result.decision).toBeNull();
          expect(result.reason).toBeNull();
          expect(state).toEqual({ continuations: 0 });
          expect(result.diagnostics).toHaveLength(1);
          const [diagnostic] = result.diagnostics;
          expect(diagnostic?.code).toBe("continuation_cap");
          expect(diagnostic?.severity).toBe("warning");
          expect(diagnostic?.message).toContain(event);
          expect(diagnostic?.message).toContain(entry.title);
          expect(diagnostic?.message).toContain(`allows ${cap} consecutive`);
        },
      ),
    );
  });

  it("keeps a rewrite with no decision only where the profile applies one alone", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...allEvents),
        capProfileArbitrary,
        fc.constantFrom("apply" as const, "fail-run" as const, undefined),
        aggregatedArbitrary.map((aggregated) => ({ ...aggregated, decision: null })),
        stateArbitrary,
        (entry, capProfile, rule, aggregated, state) => {
          const profile = {
            ...capProfile,
            ...(rule !== undefined && { updatedInputWithoutDecision: rule }),
          };
          const { result } = applySessionRules(aggregated, entry.event, entry.spec, profile, state);
          expect(result.decision).toBeNull();
          expect(result.updatedInput).toBe(rule === "apply" ? aggregated.updatedInput : null);
        },
      ),
    );
  });

  it("keeps a rewrite only with allow or ask, and then the aggregated one", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...allEvents),
        capProfileArbitrary,
        aggregatedArbitrary,
        stateArbitrary,
        (entry, profile, aggregated, state) => {
          const { result } = applySessionRules(aggregated, entry.event, entry.spec, profile, state);
          if (result.updatedInput !== null) expect(["allow", "ask"]).toContain(result.decision);
          if (result.decision === "allow" || result.decision === "ask") {
            expect(result.updatedInput).toBe(aggregated.updatedInput);
          } else {
            expect(result.updatedInput).toBeNull();
          }
        },
      ),
    );
  });

  it("decides nothing when a hook says continue: false, and says so when it overrides", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...overridingEvents),
        capProfileArbitrary,
        aggregatedArbitrary.map((aggregated) => ({ ...aggregated, continue: false })),
        stateArbitrary,
        (entry, profile, aggregated, state) => {
          const { result } = applySessionRules(aggregated, entry.event, entry.spec, profile, state);
          expect(result.decision).toBeNull();
          // An overridden decision loses its reason; a reason given without a decision stays.
          expect(result.reason).toBe(aggregated.decision === null ? aggregated.reason : null);
          expect(result.updatedInput).toBeNull();
          expect(result.continue).toBe(false);
          expect(result.diagnostics).toEqual(
            aggregated.decision === null
              ? []
              : [
                  {
                    code: "decision_overridden",
                    severity: "info",
                    message: expect.stringContaining(entry.event),
                    file: null,
                    path: null,
                  },
                ],
          );
        },
      ),
    );
  });

  it("keeps the decision and its reason beside continue: false where the event says so", () => {
    expect(keepingEvents.map((entry) => `${entry.title} ${entry.event}`)).toEqual([
      "Claude Code UserPromptSubmit",
      "Claude Code UserPromptExpansion",
      "Claude Code PreToolUse",
    ]);
    fc.assert(
      fc.property(
        fc.constantFrom(...keepingEvents),
        capProfileArbitrary,
        aggregatedArbitrary.map((aggregated) => ({ ...aggregated, continue: false })),
        stateArbitrary,
        (entry, profile, aggregated, state) => {
          const { result } = applySessionRules(aggregated, entry.event, entry.spec, profile, state);
          expect(result.decision).toBe(aggregated.decision);
          expect(result.reason).toBe(aggregated.reason);
          expect(result.continue).toBe(false);
          expect(result.diagnostics).toEqual([]);
        },
      ),
    );
  });

  it("passes every other aggregated field through", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...allEvents),
        capProfileArbitrary,
        aggregatedArbitrary,
        stateArbitrary,
        (entry, profile, aggregated, state) => {
          const { result } = applySessionRules(aggregated, entry.event, entry.spec, profile, state);
          expect(result.continue).toBe(aggregated.continue);
          expect(result.stopReason).toBe(aggregated.stopReason);
          expect(result.systemMessages).toEqual(aggregated.systemMessages);
          expect(result.additionalContext).toEqual(aggregated.additionalContext);
          // A decision that survives keeps its reason.
          if (result.decision !== null) {
            expect(result.decision).toBe(aggregated.decision);
            expect(result.reason).toBe(aggregated.reason);
          }
        },
      ),
    );
  });

  it("never mutates its inputs", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...allEvents),
        capProfileArbitrary,
        aggregatedArbitrary,
        stateArbitrary,
        (entry, capProfile, aggregatedInput, stateInput) => {
          const aggregated = deepFreeze(structuredClone(aggregatedInput));
          const spec = deepFreeze(structuredClone(entry.spec));
          const profile = deepFreeze(structuredClone(capProfile));
          const state = deepFreeze(structuredClone(stateInput));
          const before = structuredClone({ aggregated, spec, profile, state });
          // Frozen inputs make any write throw (modules run in strict mode).
          applySessionRules(aggregated, entry.event, spec, profile, state);
          beginSessionEvent(spec, state);
          expect({ aggregated, spec, profile, state }).toEqual(before);
        },
      ),
    );
  });

  it("never changes the state for an event that does not count continuations", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...nonCountingEvents),
        capProfileArbitrary,
        aggregatedArbitrary,
        stateArbitrary,
        (entry, profile, aggregated, state) => {
          const ruled = applySessionRules(aggregated, entry.event, entry.spec, profile, state);
          expect(ruled.state).toBe(state);
          expect(ruled.result.diagnostics.map((diagnostic) => diagnostic.code)).not.toContain(
            "continuation_cap",
          );
        },
      ),
    );
  });
});

describe("beginSessionEvent", () => {
  it("starts from a frozen, empty state", () => {
    expect(newSessionState).toEqual({ continuations: 0 });
    expect(Object.isFrozen(newSessionState)).toBe(true);
  });

  it.each([
    [
      "deepagents UserPromptSubmit resets",
      deepagentsProfile.events.UserPromptSubmit,
      5,
      0,
      undefined,
    ],
    ["claude UserPromptSubmit resets", claudeProfile.events.UserPromptSubmit, 1, 0, undefined],
    ["Stop after no continuation", deepagentsProfile.events.Stop, 0, 0, false],
    ["Stop after continuations", deepagentsProfile.events.Stop, 3, 3, true],
    ["claude Stop after one continuation", claudeProfile.events.Stop, 1, 1, true],
    ["PreToolUse keeps the count", deepagentsProfile.events.PreToolUse, 4, 4, undefined],
    ["claude SubagentStop keeps the count", claudeProfile.events.SubagentStop, 2, 2, undefined],
    [
      "a spec that resets and counts reads the reset state",
      { resetsContinuations: true, countsContinuations: true },
      3,
      0,
      false,
    ],
  ] as const)("%s", (_name, spec, continuations, expected, stopHookActive) => {
    const state: SessionState = { continuations };
    const begun = beginSessionEvent(spec, state);
    expect(begun.state).toEqual({ continuations: expected });
    if (spec.resetsContinuations) expect(begun.state).toBe(newSessionState);
    else expect(begun.state).toBe(state);
    expect(begun.stopHookActive).toBe(stopHookActive);
  });

  it.each([
    ["the host's true on a fresh session", 0, true, true],
    ["the host's false after continuations", 3, false, false],
    ["no host value: the engine's count", 2, undefined, true],
    ["no host value on a fresh session", 0, undefined, false],
  ] as const)("claude Stop: stop_hook_active is %s", (_name, continuations, host, expected) => {
    const begun = beginSessionEvent(claudeStop, { continuations }, host);
    expect(begun.stopHookActive).toBe(expected);
  });

  it("passes a host's stop_hook_active only on events that count continuations", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...allEvents),
        stateArbitrary,
        fc.boolean(),
        (entry, state, host) => {
          const begun = beginSessionEvent(entry.spec, state, host);
          expect(begun.stopHookActive).toBe(entry.spec.countsContinuations ? host : undefined);
        },
      ),
    );
  });

  it("resets exactly when the spec says so, and reports stop_hook_active only when it counts", () => {
    fc.assert(
      fc.property(fc.constantFrom(...allEvents), stateArbitrary, (entry, state) => {
        const begun = beginSessionEvent(entry.spec, state);
        expect(begun.state).toBe(entry.spec.resetsContinuations ? newSessionState : state);
        expect(begun.stopHookActive).toBe(
          entry.spec.countsContinuations ? begun.state.continuations > 0 : undefined,
        );
      }),
    );
  });
});

// Rule cases that the engine suites (engine.deepagents.test.ts, engine.vscode.test.ts) ran
// through handler scripts, fed here as the verdicts those scripts produced; each engine suite
// keeps one end-to-end case per rule.
const verdict = (fields: Partial<HandlerVerdict> = {}): HandlerVerdict => ({
  ...createEmptyVerdict("ok"),
  ...fields,
});
const decided = (decision: Decision, reason: string | null = null) => verdict({ decision, reason });

/** One session of an engine on `profile`: each dispatch begins the event, aggregates, then rules. */
function createSession(profile: Profile) {
  const events: Readonly<Record<string, EventSpec>> = profile.events;
  let state = newSessionState;
  return (event: string, verdicts: readonly HandlerVerdict[]) => {
    const spec = events[event];
    if (spec === undefined) throw new Error(`no ${event} in the ${profile.title} profile`);
    const begun = beginSessionEvent(spec, state);
    const aggregated = aggregateVerdicts(verdicts, spec.decisionKind);
    const ruled = applySessionRules(aggregated, event, spec, profile, begun.state);
    state = ruled.state;
    const diagnostics = [
      ...verdicts.flatMap((entry) => entry.diagnostics),
      ...ruled.result.diagnostics,
    ];
    return { ...ruled.result, diagnostics };
  };
}

const codes = (result: { readonly diagnostics: readonly Diagnostic[] }) =>
  result.diagnostics.map((diagnostic) => diagnostic.code);

describe("aggregateVerdicts then applySessionRules (deepagents engine cases)", () => {
  const run = (event: string, verdicts: readonly HandlerVerdict[]) =>
    createSession(deepagentsProfile)(event, verdicts);

  describe("continue: false", () => {
    it("overrides a Stop block and a PermissionRequest allow", () => {
      const stop = run("Stop", [decided("block", "keep going"), verdict({ continue: false })]);
      expect(stop).toMatchObject({ decision: null, continue: false, stopReason: null });
      expect(codes(stop)).toContain("decision_overridden");
      const permission = run("PermissionRequest", [
        verdict({ continue: false, stopReason: "halt" }),
        decided("allow"),
      ]);
      expect(permission).toMatchObject({ decision: null, continue: false, stopReason: "halt" });
    });

    it("on an event that cannot decide stops without a decision_overridden", () => {
      const result = run("SessionStart", [verdict({ continue: false, stopReason: "bye" })]);
      expect(result).toMatchObject({ continue: false, stopReason: "bye", decision: null });
      expect(result.diagnostics).toEqual([]);
    });
  });

  describe("PreToolUse decisions", () => {
    const orders = [
      ["deny", "ask", "allow"],
      ["deny", "allow", "ask"],
      ["ask", "deny", "allow"],
      ["ask", "allow", "deny"],
      ["allow", "deny", "ask"],
      ["allow", "ask", "deny"],
    ] as const;

    it.each(orders)(
      "deny wins in order %s, %s, %s, with additionalContext in config order",
      (...order) => {
        const result = run(
          "PreToolUse",
          order.map((decision, index) =>
            verdict({
              decision,
              reason: `${decision} reason`,
              additionalContext: `context ${index}`,
            }),
          ),
        );
        expect(result).toMatchObject({ decision: "deny", reason: "deny reason" });
        expect(result.additionalContext).toEqual(["context 0", "context 1", "context 2"]);
        expect(result.diagnostics).toEqual([]);
      },
    );

    it.each([
      [["ask", "allow"], "ask"],
      [["allow", "ask"], "ask"],
      [["allow", "allow"], "allow"],
      [["allow", null], "allow"],
      [[null, null], null],
    ] as const)("%j → %s", (pair, expected) => {
      const step = (decision: Decision | null, label: string): HandlerVerdict =>
        decision === null ? verdict() : decided(decision, `${decision} from ${label}`);
      const result = run("PreToolUse", [step(pair[0], "a"), step(pair[1], "b")]);
      expect(result.decision).toBe(expected);
      const winner = pair.indexOf(expected as never);
      expect(result.reason).toBe(expected === null ? null : `${expected} from ${"ab"[winner]}`);
    });
  });

  describe("PermissionRequest decisions", () => {
    it.each([
      [["allow", "deny"], "deny"],
      [["deny", "allow"], "deny"],
      [["allow", null], "allow"],
      [[null, "allow"], "allow"],
      [[null, null], null],
    ] as const)("%j → %s", (pair, expected) => {
      const step = (behavior: "allow" | "deny" | null): HandlerVerdict =>
        behavior === null ? verdict() : decided(behavior, `${behavior} message`);
      const result = run("PermissionRequest", [step(pair[0]), step(pair[1])]);
      expect(result.decision).toBe(expected);
      expect(result.reason).toBe(expected === null ? null : `${expected} message`);
      expect(result.diagnostics).toEqual([]);
    });
  });

  describe("Stop continuations", () => {
    const block = (reason: string) => [decided("block", reason)];

    it("a Stop that does not block resets the count", () => {
      const dispatch = createSession(deepagentsProfile);
      const stop = (verdicts: readonly HandlerVerdict[]) => dispatch("Stop", verdicts);
      for (let count = 1; count <= 5; count += 1) stop(block(String(count)));
      // What `{ "decision": "approve" }` is on Stop: nothing decided.
      expect(stop([verdict()]).decision).toBeNull();
      for (let count = 1; count <= 8; count += 1) {
        expect(stop(block(String(count))).decision).toBe("block");
      }
      expect(stop(block("9")).decision).toBeNull();
    });
  });
});

describe("aggregateVerdicts then applySessionRules (vscode engine cases)", () => {
  const run = (event: string, verdicts: readonly HandlerVerdict[]) =>
    createSession(vscodeProfile)(event, verdicts);
  const orders = [
    ["allow", "ask", "deny"],
    ["deny", "ask", "allow"],
    ["ask", "deny", "allow"],
    ["allow", "deny", "ask"],
  ] as const;

  it.each(orders)("deny wins over ask and allow (%s, %s, %s)", (...decisions) => {
    const result = run(
      "PreToolUse",
      decisions.map((decision) => decided(decision, decision)),
    );
    expect(result.decision).toBe("deny");
    expect(result.reason).toBe("deny");
  });
});
