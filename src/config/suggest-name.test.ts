import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findClosestName, prepareNameCandidates, suggestName } from "./suggest-name.js";

const events = ["PreToolUse", "PostToolUse", "Stop", "SubagentStop", "SessionStart"];
const fields = ["type", "command", "timeout", "statusMessage", "cwd", "env"];
const tools = ["Bash", "Edit", "Write", "Read", "Grep", "Glob"];

describe("findClosestName", () => {
  it.each([
    ["a changed letter", "PreToolUze", events, "PreToolUse"],
    ["a missing letter", "comand", fields, "command"],
    ["an extra letter", "timeoutt", fields, "timeout"],
    ["two swapped letters", "tyep", fields, "type"],
    ["another case", "pretooluse", events, "PreToolUse"],
    ["two edits in a long name", "statusMesage_", fields, "statusMessage"],
    ["a tool name", "Bsh", tools, "Bash"],
    ["the first of a tie", "Bsah", ["Bash", "Bsa"], "Bash"],
    ["three edits", "PreToolXyz", events, null],
    ["two edits in a short name", "cmd", fields, "cwd"],
    ["too far for a short name", "xy", fields, null],
    ["nothing close", "matcher", fields, null],
    ["the name itself", "Stop", ["Stop"], null],
    ["no candidates", "Stop", [], null],
  ])("finds %s", (_, name, candidates, expected) => {
    expect(findClosestName(name, candidates)).toBe(expected);
  });
});

describe("suggestName", () => {
  it("says did you mean, or nothing", () => {
    expect(suggestName("PreToolUze", events)).toBe(' (did you mean "PreToolUse"?)');
    expect(suggestName("Unrelated", events)).toBe("");
  });
});

// The distance in full, one matrix row per letter, to check the rolling rows against.
function measureReferenceDistance(left: string, right: string): number {
  const matrix = Array.from({ length: left.length + 1 }, (_, i) =>
    Array.from({ length: right.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => matrix[i]?.[j] ?? 0;
  for (let i = 1; i <= left.length; i++) {
    for (let j = 1; j <= right.length; j++) {
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      let distance = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && left[i - 1] === right[j - 2] && left[i - 2] === right[j - 1]) {
        distance = Math.min(distance, at(i - 2, j - 2) + 1);
      }
      const row = matrix[i];
      if (row !== undefined) row[j] = distance;
    }
  }
  return at(left.length, right.length);
}

// The first candidate at the least full-matrix distance (of lowered names) within the limit.
function findClosestByReference(name: string, candidates: readonly string[]): string | null {
  const limit = Math.max(1, Math.min(2, Math.floor(name.length / 3)));
  let expected: string | null = null;
  let best = limit + 1;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const distance = measureReferenceDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < best) {
      expected = candidate;
      best = distance;
    }
  }
  return expected;
}

describe("findClosestName, as a property", () => {
  it("picks the first candidate at the least distance within the limit, as the full matrix says", () => {
    const word = fc.string({ unit: fc.constantFrom("a", "b", "c", "d"), maxLength: 9 });
    fc.assert(
      fc.property(word, fc.array(word, { maxLength: 8 }), (name, candidates) => {
        const expected = findClosestByReference(name, candidates);
        expect(findClosestName(name, candidates)).toBe(expected);
        // A set keeps the first of equal names, in order: the same answer.
        expect(findClosestName(name, new Set(candidates))).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it("ignores case, with candidates prepared once, as the full matrix of lowered names says", () => {
    // Digits 1 and 6 share a bit of the character filter, as "_" and "-" do.
    const unit = fc.constantFrom("a", "b", "C", "D", "1", "6", "_", "-");
    const word = fc.string({ unit, maxLength: 9 });
    fc.assert(
      fc.property(word, fc.array(word, { maxLength: 8 }), (name, candidates) => {
        const expected = findClosestByReference(name, candidates);
        expect(findClosestName(name, prepareNameCandidates(candidates))).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
