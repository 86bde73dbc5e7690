import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OutputFieldMapping } from "../profiles/profile.js";
import { mapOutputFields } from "./map-output-fields.js";

const cursorLike: readonly OutputFieldMapping[] = [
  { from: "permission", to: "hookSpecificOutput.permissionDecision" },
  { from: "agent_message", to: "hookSpecificOutput.permissionDecisionReason" },
  { from: "user_message", to: "systemMessage" },
];
const geminiLike: readonly OutputFieldMapping[] = [
  {
    from: "decision",
    to: "hookSpecificOutput.permissionDecision",
    values: { block: "deny", approve: "allow" },
  },
  { from: "hookSpecificOutput.tool_input", to: "hookSpecificOutput.updatedInput" },
];

describe("mapOutputFields", () => {
  it.each([
    {
      title: "moves top-level fields into hookSpecificOutput and renames others",
      output: { permission: "deny", agent_message: "no", user_message: "blocked" },
      mappings: cursorLike,
      expected: {
        systemMessage: "blocked",
        hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "no" },
      },
    },
    {
      title: "renames values the agent spells its own way, and keeps the others",
      output: { decision: "block" },
      mappings: geminiLike,
      expected: { hookSpecificOutput: { permissionDecision: "deny" } },
    },
    {
      title: "keeps a value that is not renamed",
      output: { decision: "ask" },
      mappings: geminiLike,
      expected: { hookSpecificOutput: { permissionDecision: "ask" } },
    },
    {
      title: "moves a field inside hookSpecificOutput, keeping its siblings",
      output: { hookSpecificOutput: { tool_input: { a: 1 }, additionalContext: "x" } },
      mappings: geminiLike,
      expected: { hookSpecificOutput: { updatedInput: { a: 1 }, additionalContext: "x" } },
    },
    {
      title: "never overwrites a field already present under the engine's name",
      output: { permission: "allow", hookSpecificOutput: { permissionDecision: "deny" } },
      mappings: cursorLike,
      expected: { permission: "allow", hookSpecificOutput: { permissionDecision: "deny" } },
    },
    {
      title: "leaves a non-object hookSpecificOutput alone (the parser reports it)",
      output: { permission: "deny", hookSpecificOutput: "x" },
      mappings: cursorLike,
      expected: { permission: "deny", hookSpecificOutput: "x" },
    },
    {
      title: "renames only the values of a field mapped onto itself",
      output: { decision: "deny", reason: "r" },
      mappings: [{ from: "decision", to: "decision", values: { deny: "block" } }],
      expected: { decision: "block", reason: "r" },
    },
    {
      title:
        "sets the fields a mapping implies beside a non-empty value (Cursor's followup_message)",
      output: { followup_message: "again" },
      mappings: [{ from: "followup_message", to: "reason", implies: { decision: "block" } }],
      expected: { reason: "again", decision: "block" },
    },
    {
      title: "implies nothing for an empty value, and never overwrites the output's own field",
      output: { followup_message: "", decision: "approve" },
      mappings: [{ from: "followup_message", to: "reason", implies: { decision: "block" } }],
      expected: { reason: "", decision: "approve" },
    },
    {
      title: "returns the output unchanged where the event maps nothing",
      output: { decision: "block", reason: "r" },
      mappings: undefined,
      expected: { decision: "block", reason: "r" },
    },
  ])("$title", ({ output, mappings, expected }) => {
    expect(mapOutputFields(output, mappings)).toEqual(expected);
  });

  it("never changes its input, and loses no field it does not map", () => {
    const key = fc.oneof(fc.string(), fc.constantFrom("hookSpecificOutput", "permission"));
    fc.assert(
      fc.property(fc.dictionary(key, fc.jsonValue()), (output) => {
        const before = structuredClone(output);
        const mapped = mapOutputFields(output, cursorLike);
        expect(output).toEqual(before);
        for (const key of Object.keys(output)) {
          if (!cursorLike.some((mapping) => mapping.from === key)) {
            expect(Object.hasOwn(mapped, key)).toBe(true);
          }
        }
      }),
    );
  });
});
