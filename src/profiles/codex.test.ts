import { describe, expect, it } from "vitest";
import { codexHookOutputs } from "../convert/codex-hook-outputs.js";
import { codexProfile } from "./codex.js";
import { profiles } from "./profiles.js";

// The codex profile's table against the other Codex 0.169 table, the output schemas read from the
// binary (src/convert/codex-hook-outputs.ts): they must name the same events and fields.

describe("the codex profile table", () => {
  it("is registered as codex", () => {
    expect(profiles.codex).toBe(codexProfile);
  });

  it("has Codex 0.169's twelve events: the ten with an output schema, SessionEnd and Interrupt", () => {
    expect(Object.keys(codexProfile.events).sort()).toEqual(
      [...Object.keys(codexHookOutputs), "SessionEnd", "Interrupt"].sort(),
    );
  });

  it.each(Object.entries(codexHookOutputs))(
    "%s: takes every output field Codex's schema lists, and no other",
    (event, schema) => {
      const spec = codexProfile.events[event as keyof typeof codexProfile.events];
      const topLevel = [...spec.topLevelFields.supported, ...spec.topLevelFields.notApplied];
      const universal = ["continue", "stopReason", "suppressOutput", "systemMessage"];
      expect(topLevel.sort()).toEqual(
        Object.keys(schema.fields)
          .filter((field) => universal.includes(field))
          .sort(),
      );
      const specific = [...spec.specificFields.supported, ...spec.specificFields.notApplied].sort();
      expect(specific).toEqual(Object.keys(schema.specificFields ?? {}).sort());
      // A block or permission decision where the schema has a top-level decision.
      const decides = Object.hasOwn(schema.fields, "decision");
      expect(spec.decisionKind === "block" || spec.decisionKind === "permission").toBe(decides);
    },
  );

  it("reads matchers as exact names or a regex, timeouts in seconds with a 600 s default", () => {
    expect(codexProfile).toMatchObject({
      matcherSyntax: "names-or-regex",
      timeoutUnit: "seconds",
      defaultTimeoutSeconds: 600,
    });
  });

  it("matches apply_patch as Edit and Write, and reads Codex's shell tools as Bash", () => {
    expect(codexProfile.toolMatchAliases.apply_patch).toEqual(["Edit", "Write"]);
    expect(new Set(Object.values(codexProfile.toolNameAliases))).toEqual(new Set(["Bash"]));
  });
});
