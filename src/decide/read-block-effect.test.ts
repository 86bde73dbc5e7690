import { describe, expect, it } from "vitest";
import { claudeProfile } from "../profiles/claude.js";
import type { EventSpec } from "../profiles/profile.js";
import { type PayloadBlockEffect, readBlockEffect } from "./read-block-effect.js";

type Spec = Pick<EventSpec, "blockEffect" | "unblockable">;

const guarded: Spec = {
  blockEffect: "decide",
  unblockable: { field: "source", values: ["policy_settings", "managed"] },
};
const decides = { effect: "decide", unblockable: null } as const;
const none = (value: string): PayloadBlockEffect => ({
  effect: "none",
  unblockable: { field: "source", value },
});

describe("readBlockEffect", () => {
  it.each<[string, Spec, unknown, PayloadBlockEffect]>([
    ["a listed value", guarded, { source: "policy_settings" }, none("policy_settings")],
    ["another listed value", guarded, { source: "managed" }, none("managed")],
    ["a value not listed", guarded, { source: "user_settings" }, decides],
    ["a value of another case", guarded, { source: "POLICY_SETTINGS" }, decides],
    ["a missing field", guarded, { file_path: "/x" }, decides],
    ["a field that is no string", guarded, { source: ["policy_settings"] }, decides],
    ["a payload that is no object", guarded, "policy_settings", decides],
    ["no payload", guarded, undefined, decides],
    [
      "an event without the rule",
      { blockEffect: "feedback" },
      { source: "policy_settings" },
      {
        effect: "feedback",
        unblockable: null,
      },
    ],
  ])("reads %s", (_name, spec, payload, expected) => {
    expect(readBlockEffect(spec, payload)).toEqual(expected);
  });

  it("reads the claude table: ConfigChange cannot block policy_settings only", () => {
    const { ConfigChange } = claudeProfile.events;
    expect(readBlockEffect(ConfigChange, { source: "policy_settings" }).effect).toBe("none");
    for (const source of ["user_settings", "project_settings", "local_settings", "skills"]) {
      expect(readBlockEffect(ConfigChange, { source }).effect).toBe("decide");
    }
  });
});
