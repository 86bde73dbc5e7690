import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import type { HookDefinition } from "../config/hook-definition.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import { zerocodeProfile } from "../profiles/zerocode.js";
import { compileHooks } from "./compile-hooks.js";
import { indexHooksByName, selectCandidateHooks } from "./index-hooks-by-name.js";
import { planHandlers } from "./plan-handlers.js";

const names = ["Bash", "Edit", "Write", "Read", "BashOutput", "Agent"];
const matchers = fc.oneof(
  fc.constant(null),
  fc.constantFrom("", "*", "Bash", "Edit|Write", "Bash|Read|Agent", "Bash.*", "^Ed", "Write|Bash"),
  fc.constantFrom(...names),
);

function createDefinition(matcher: string | null, index: number): HookDefinition {
  return createHookDefinition({
    matcher,
    command: `./hook-${index}.sh`,
    file: "/h/hooks.json",
    groupIndex: index,
  });
}

describe("selectCandidateHooks", () => {
  it.each([deepagentsProfile, zerocodeProfile])(
    "$name: planning the candidates gives what planning every hook gives, in order",
    (profile) => {
      const spec = profile.events.PreToolUse;
      if (spec === undefined) throw new Error("PreToolUse is missing");
      fc.assert(
        fc.property(
          fc.array(matchers, { maxLength: 12 }),
          fc.constantFrom(...names, undefined),
          fc.subarray(names, { maxLength: 2 }),
          (groupMatchers, toolName, aliases) => {
            const compiled = compileHooks(groupMatchers.map(createDefinition), profile);
            const hooks = compiled.byEvent.get("PreToolUse") ?? [];
            const payload = toolName === undefined ? {} : { tool_name: toolName };
            const context = { cwd: "/w", home: "/h", aliases, deduplicate: profile.deduplicate };
            const candidates = selectCandidateHooks(indexHooksByName(hooks), toolName, aliases);
            const ids = (planned: ReturnType<typeof planHandlers>) =>
              planned.map((entry) => entry.hook.id);
            expect(ids(planHandlers(candidates, payload, spec, context))).toEqual(
              ids(planHandlers(hooks, payload, spec, context)),
            );
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  it("returns nothing for an event without hooks", () => {
    expect(selectCandidateHooks(undefined, "Bash", [])).toEqual([]);
  });
});
