import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DecisionKind } from "../profiles/profile.js";
import { aggregateVerdicts } from "./aggregate-verdicts.js";
import type { Decision } from "./dispatch-result.js";
import { createEmptyVerdict, type HandlerVerdict } from "./handler-verdict.js";

const allDecisions: readonly (Decision | null)[] = ["allow", "deny", "ask", "defer", "block", null];

/** Strongest first: the decisions each kind applies; anything else is ignored. */
const ranking = {
  permission: ["deny", "defer", "ask", "allow"],
  "permission-request": ["deny", "allow"],
  block: ["block"],
  none: [],
} as const satisfies Record<DecisionKind, readonly Decision[]>;

const kinds = Object.keys(ranking) as DecisionKind[];

const text = fc.option(fc.string({ maxLength: 12 }), { nil: null });

// A few fields of each merge rule: a first-wins string and boolean, a concatenated list.
const eventOutputArbitrary: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    sessionTitle: fc.string({ maxLength: 6 }),
    retry: fc.boolean(),
    watchPaths: fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }),
  },
  { requiredKeys: [] },
);

const verdictArbitrary: fc.Arbitrary<HandlerVerdict> = fc
  .record({
    decision: fc.constantFrom(...allDecisions),
    reason: text,
    continue: fc.boolean(),
    stopReason: text,
    systemMessage: text,
    additionalContext: text,
    updatedInput: fc.option(fc.jsonValue(), { nil: undefined }),
    eventOutput: fc.option(eventOutputArbitrary, { nil: undefined }),
  })
  .map(({ updatedInput, eventOutput, ...fields }) => {
    const verdict: HandlerVerdict = { ...createEmptyVerdict("ok"), ...fields };
    if (updatedInput !== undefined) verdict.updatedInput = updatedInput;
    if (eventOutput !== undefined) verdict.eventOutput = eventOutput;
    return verdict;
  });

/** Verdicts tagged with their configuration position, so reasons can be traced. */
const verdictsArbitrary = fc.array(verdictArbitrary, { maxLength: 8 }).map((verdicts) =>
  verdicts.map((verdict, index) => ({
    ...verdict,
    reason: verdict.reason === null ? null : `${index}:${verdict.reason}`,
  })),
);

/** The decision the spec expects for a kind: the strongest present, or null. */
function expectedDecision(kind: DecisionKind, verdicts: readonly HandlerVerdict[]) {
  const order: readonly Decision[] = ranking[kind];
  return (
    order.find((decision) => verdicts.some((verdict) => verdict.decision === decision)) ?? null
  );
}

describe("aggregateVerdicts", () => {
  it("picks the strongest decision (deny > defer > ask > allow; any deny wins) in every order", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...kinds),
        verdictsArbitrary,
        fc.infiniteStream(fc.nat()),
        (kind, verdicts, seeds) => {
          const expected = expectedDecision(kind, verdicts);
          expect(aggregateVerdicts(verdicts, kind).decision).toBe(expected);
          // Any permutation decides the same.
          const shuffled = verdicts
            .map((verdict) => ({ verdict, key: seeds.next().value }))
            .sort((left, right) => left.key - right.key)
            .map((entry) => entry.verdict);
          expect(aggregateVerdicts(shuffled, kind).decision).toBe(expected);
        },
      ),
    );
  });

  it("keeps the first reason given for the winning decision, in configuration order", () => {
    fc.assert(
      fc.property(fc.constantFrom(...kinds), verdictsArbitrary, (kind, verdicts) => {
        const result = aggregateVerdicts(verdicts, kind);
        const winner = verdicts.find(
          (verdict) =>
            verdict.decision !== null &&
            verdict.decision === result.decision &&
            verdict.reason !== null,
        );
        expect(result.reason).toBe(winner?.reason ?? null);
      }),
    );
  });

  it("never lets a deny lose, whatever surrounds it", () => {
    fc.assert(
      fc.property(
        verdictsArbitrary,
        verdictsArbitrary,
        fc.constantFrom<DecisionKind>("permission", "permission-request"),
        (before, after, kind) => {
          const deny = { ...createEmptyVerdict("blocked"), decision: "deny" as const, reason: "x" };
          const result = aggregateVerdicts([...before, deny, ...after], kind);
          expect(result.decision).toBe("deny");
          const firstReason = [...before, deny].find(
            (verdict) => verdict.decision === "deny" && verdict.reason !== null,
          );
          expect(result.reason).toBe(firstReason?.reason);
        },
      ),
    );
  });

  it("keeps every systemMessage and additionalContext in input order", () => {
    fc.assert(
      fc.property(fc.constantFrom(...kinds), verdictsArbitrary, (kind, verdicts) => {
        const result = aggregateVerdicts(verdicts, kind);
        expect(result.systemMessages).toEqual(
          verdicts.flatMap((verdict) =>
            verdict.systemMessage === null ? [] : [verdict.systemMessage],
          ),
        );
        expect(result.additionalContext).toEqual(
          verdicts.flatMap((verdict) =>
            verdict.additionalContext === null ? [] : [verdict.additionalContext],
          ),
        );
      }),
    );
  });

  it("stops when any verdict says continue: false, with the first stopReason among those", () => {
    fc.assert(
      fc.property(fc.constantFrom(...kinds), verdictsArbitrary, (kind, verdicts) => {
        const result = aggregateVerdicts(verdicts, kind);
        const stopping = verdicts.filter((verdict) => !verdict.continue);
        expect(result.continue).toBe(stopping.length === 0);
        expect(result.stopReason).toBe(
          stopping.find((verdict) => verdict.stopReason !== null)?.stopReason ?? null,
        );
      }),
    );
  });

  it("takes the first updatedInput in configuration order (null means no rewrite)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...kinds), verdictsArbitrary, (kind, verdicts) => {
        const first = verdicts.find(
          (verdict) => verdict.updatedInput !== undefined && verdict.updatedInput !== null,
        );
        expect(aggregateVerdicts(verdicts, kind).updatedInput).toBe(
          first === undefined ? null : first.updatedInput,
        );
      }),
    );
  });

  it("merges event output fields in configuration order: the first value wins, lists concatenate", () => {
    fc.assert(
      fc.property(fc.constantFrom(...kinds), verdictsArbitrary, (kind, verdicts) => {
        const outputs = verdicts.flatMap((verdict) =>
          verdict.eventOutput === undefined ? [] : [verdict.eventOutput],
        );
        const result = aggregateVerdicts(verdicts, kind).eventOutput;
        const given = (name: string) => outputs.filter((output) => Object.hasOwn(output, name));
        if (outputs.every((output) => Object.keys(output).length === 0)) {
          expect(result).toBeUndefined();
          return;
        }
        for (const name of ["sessionTitle", "retry"]) {
          expect(result?.[name]).toEqual(given(name)[0]?.[name]);
        }
        const lists = given("watchPaths");
        expect(result?.watchPaths).toEqual(
          lists.length === 0 ? undefined : lists.flatMap((output) => output.watchPaths as string[]),
        );
      }),
    );
  });

  it("leaves eventOutput out when no verdict carries one", () => {
    const verdicts = [{ ...createEmptyVerdict("ok"), decision: "allow" as const }];
    expect(aggregateVerdicts(verdicts, "permission")).not.toHaveProperty("eventOutput");
  });

  it("combines nothing into an empty result", () => {
    for (const kind of kinds) {
      expect(aggregateVerdicts([], kind)).toEqual({
        decision: null,
        reason: null,
        continue: true,
        stopReason: null,
        systemMessages: [],
        additionalContext: [],
        updatedInput: null,
      });
    }
  });

  it("takes a later reason when the first winning verdict gives none", () => {
    const verdicts = [
      { ...createEmptyVerdict("ok"), decision: "allow" as const, reason: "allowed" },
      { ...createEmptyVerdict("blocked"), decision: "deny" as const },
      { ...createEmptyVerdict("blocked"), decision: "deny" as const, reason: "second deny" },
      { ...createEmptyVerdict("blocked"), decision: "deny" as const, reason: "third deny" },
    ];
    expect(aggregateVerdicts(verdicts, "permission")).toMatchObject({
      decision: "deny",
      reason: "second deny",
    });
  });

  it.each([
    ["permission", ["allow", "ask", "deny"], "deny"],
    ["permission", ["allow", "ask"], "ask"],
    ["permission", ["ask", "defer", "allow"], "defer"],
    ["permission", ["defer", "deny"], "deny"],
    ["permission-request", ["defer", "allow"], "allow"],
    ["permission", ["block", "allow"], "allow"],
    ["permission-request", ["ask", "allow"], "allow"],
    ["permission-request", ["ask"], null],
    ["block", ["allow", "block"], "block"],
    ["block", ["deny"], null],
    ["none", ["deny", "block"], null],
  ] as const)("%s over %j decides %s", (kind, decisions, expected) => {
    const verdicts = decisions.map((decision) => ({ ...createEmptyVerdict("ok"), decision }));
    expect(aggregateVerdicts(verdicts, kind).decision).toBe(expected);
  });
});
