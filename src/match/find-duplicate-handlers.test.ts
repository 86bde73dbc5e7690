import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import type { HookDefinition } from "../config/hook-definition.js";
import { claudeProfile } from "../profiles/claude.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import type { DeduplicationRules } from "../profiles/profile.js";
import { vscodeProfile } from "../profiles/vscode.js";
import { zerocodeProfile } from "../profiles/zerocode.js";
import { findDuplicateHandlers } from "./find-duplicate-handlers.js";

/** One configured copy: its layer, command and (optionally) environment and working directory. */
interface Copy {
  layer: string;
  command: string | readonly string[];
  env?: Record<string, string>;
  cwd?: string;
}

function createHook(copy: Copy, index: number): { id: string; definition: HookDefinition } {
  return {
    id: `Stop:${index}:0`,
    definition: createHookDefinition({
      event: "Stop",
      command: copy.command,
      timeoutMs: 1000 * (index + 1),
      cwd: copy.cwd ?? null,
      trust: copy.layer === "managed" ? "managed" : "none",
      env: copy.env ?? {},
      file: `/config/${copy.layer}/hooks.json`,
      layer: copy.layer,
      groupIndex: index,
    }),
  };
}

/** For each copy, the index of the copy that runs instead, or null when it runs itself. */
function survivors(copies: readonly Copy[], rules: DeduplicationRules | null): (number | null)[] {
  const hooks = copies.map(createHook);
  const duplicates = findDuplicateHandlers(hooks, rules);
  return hooks.map((hook) => {
    const survivor = duplicates.get(hook);
    return survivor === undefined ? null : hooks.indexOf(survivor);
  });
}

const claude = claudeProfile.deduplicate;
const vscode = vscodeProfile.deduplicate;
const deepagents = deepagentsProfile.deduplicate;
const zerocode = zerocodeProfile.deduplicate;

describe("findDuplicateHandlers", () => {
  it.each<[string, DeduplicationRules | null, Copy[], (number | null)[]]>([
    [
      "claude: a user copy listed after the managed one runs as the managed one",
      claude,
      [
        { layer: "managed", command: "./deny.sh" },
        { layer: "user", command: "./deny.sh" },
      ],
      [null, 0],
    ],
    [
      "claude: a project copy wins over an earlier user copy",
      claude,
      [
        { layer: "user", command: "./lint.sh" },
        { layer: "project", command: "./lint.sh" },
      ],
      [1, null],
    ],
    [
      "claude: local wins over project and user, whatever the order",
      claude,
      [
        { layer: "project", command: "./a.sh" },
        { layer: "user", command: "./a.sh" },
        { layer: "local", command: "./a.sh" },
      ],
      [2, 2, null],
    ],
    [
      "claude: managed wins over local, project and user copies listed before it",
      claude,
      [
        { layer: "user", command: "./a.sh" },
        { layer: "local", command: "./a.sh" },
        { layer: "managed", command: "./a.sh" },
      ],
      [2, 2, null],
    ],
    [
      "claude: two copies in one layer: the first runs",
      claude,
      [
        { layer: "project", command: "./a.sh" },
        { layer: "project", command: "./a.sh" },
      ],
      [null, 0],
    ],
    [
      "claude: a plugin copy is not merged with a settings copy",
      claude,
      [
        { layer: "user", command: "./a.sh" },
        { layer: "plugin:guard@acme", command: "./a.sh" },
      ],
      [null, null],
    ],
    [
      "claude: two plugins' copies are not merged",
      claude,
      [
        { layer: "plugin:guard@acme", command: "./a.sh" },
        { layer: "plugin:lint@acme", command: "./a.sh" },
      ],
      [null, null],
    ],
    [
      "claude: copies inside one plugin are merged",
      claude,
      [
        { layer: "plugin:guard@acme", command: "./a.sh" },
        { layer: "plugin:guard@acme", command: "./a.sh" },
      ],
      [null, 0],
    ],
    [
      "claude: an explicit file ranks below managed",
      claude,
      [
        { layer: "explicit", command: "./a.sh" },
        { layer: "managed", command: "./a.sh" },
      ],
      [1, null],
    ],
    [
      "claude: a different environment is a different handler",
      claude,
      [
        { layer: "user", command: "./a.sh", env: { LEVEL: "1" } },
        { layer: "project", command: "./a.sh", env: { LEVEL: "2" } },
      ],
      [null, null],
    ],
    [
      "claude: the same environment in another order is the same handler",
      claude,
      [
        { layer: "user", command: "./a.sh", env: { A: "1", B: "2" } },
        { layer: "project", command: "./a.sh", env: { B: "2", A: "1" } },
      ],
      [1, null],
    ],
    [
      "claude: a string command and an argv list are never duplicates",
      claude,
      [
        { layer: "user", command: "./a.sh" },
        { layer: "project", command: ["./a.sh"] },
      ],
      [null, null],
    ],
    [
      "vscode: a local copy wins over a project copy listed first",
      vscode,
      [
        { layer: "project", command: "./a.sh" },
        { layer: "local", command: "./a.sh" },
      ],
      [1, null],
    ],
    [
      "vscode: a project copy wins over a user copy listed first",
      vscode,
      [
        { layer: "user", command: "./a.sh" },
        { layer: "project", command: "./a.sh" },
      ],
      [1, null],
    ],
    [
      "vscode: a different working directory is a different handler",
      vscode,
      [
        { layer: "project", command: "./a.sh", cwd: "tools" },
        { layer: "project", command: "./a.sh" },
      ],
      [null, null],
    ],
    [
      "deepagents: the same command twice runs once, the first",
      deepagents,
      [
        { layer: "user", command: "./a.sh" },
        { layer: "user", command: "./a.sh" },
        { layer: "user", command: "./b.sh" },
      ],
      [null, 0, null],
    ],
    [
      "zerocode: every copy runs, in one layer or across layers",
      zerocode,
      [
        { layer: "user", command: "./a.sh" },
        { layer: "user", command: "./a.sh" },
        { layer: "project", command: "./a.sh" },
        { layer: "managed", command: "./a.sh" },
      ],
      [null, null, null, null],
    ],
  ])("%s", (_name, rules, copies, expected) => {
    expect(survivors(copies, rules)).toEqual(expected);
  });

  const layers = ["managed", "local", "project", "user", "explicit", "plugin:a", "plugin:b"];
  const copies = fc.array(
    fc.record({
      layer: fc.constantFrom(...layers),
      command: fc.constantFrom("./a.sh", "./b.sh"),
      env: fc.constantFrom({}, { LEVEL: "1" }),
    }),
    { maxLength: 12 },
  );
  const rules = fc.record({
    layerPrecedence: fc.shuffledSubarray(layers.slice(0, 5)),
    separateLayerPrefixes: fc.constantFrom([], ["plugin:"]),
  });

  it("runs exactly one copy of each handler: the first of the highest-precedence layer", () => {
    fc.assert(
      fc.property(copies, rules, (written, rule) => {
        const result = survivors(written, rule);
        const rank = (layer: string) => {
          const position = rule.layerPrecedence.indexOf(layer);
          return position === -1 ? rule.layerPrecedence.length : position;
        };
        const separate = (layer: string) =>
          rule.separateLayerPrefixes.some((prefix) => layer.startsWith(prefix));
        const identity = (copy: Copy) =>
          JSON.stringify([copy.command, copy.env, separate(copy.layer) ? copy.layer : ""]);
        const groups = new Map<string, number[]>();
        written.forEach((copy, index) => {
          const key = identity(copy);
          groups.set(key, [...(groups.get(key) ?? []), index]);
        });
        for (const members of groups.values()) {
          const best = Math.min(...members.map((index) => rank(written[index]?.layer ?? "")));
          const expected = members.find((index) => rank(written[index]?.layer ?? "") === best);
          for (const index of members) {
            expect(result[index]).toBe(index === expected ? null : expected);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("finds no duplicates when the profile runs every copy", () => {
    fc.assert(
      fc.property(copies, (written) => {
        expect(survivors(written, null).every((survivor) => survivor === null)).toBe(true);
      }),
    );
  });
});
