import { describe, expectTypeOf, it } from "vitest";
import type { profiles } from "../profiles/profiles.js";
import type { HookEventName, HookInput, HookOutput } from "./hook-types.js";

// Checked by the type checker (`tsc --noEmit` covers test files): the SDK's types follow the
// event schemas in src/events.

describe("HookInput and HookOutput types", () => {
  it("type each profile's event fields", () => {
    type ClaudePreToolUse = HookInput<"PreToolUse", "claude">;
    expectTypeOf<ClaudePreToolUse["hook_event_name"]>().toEqualTypeOf<"PreToolUse">();
    expectTypeOf<ClaudePreToolUse["tool_name"]>().toEqualTypeOf<string>();
    expectTypeOf<ClaudePreToolUse["tool_input"]>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<ClaudePreToolUse["tool_use_id"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<HookInput<"Stop", "vscode">["timestamp"]>().toEqualTypeOf<string>();
    expectTypeOf<HookInput<"Stop", "zerocode">["turn_id"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<HookInput<"Stop">["stop_hook_active"]>().toEqualTypeOf<boolean>();
  });

  it("list the events hooks can be configured for", () => {
    type DeepAgentsEvents = HookEventName<"deepagents">;
    type Configurable = {
      [E in keyof (typeof profiles)["deepagents"]["events"]]: (typeof profiles)["deepagents"]["events"][E]["configurable"] extends true
        ? E
        : never;
    }[keyof (typeof profiles)["deepagents"]["events"]];
    expectTypeOf<DeepAgentsEvents>().toEqualTypeOf<Configurable>();
    expectTypeOf<"UserPromptSubmit">().not.toExtend<DeepAgentsEvents>();
  });

  it("allow only the output fields an event applies", () => {
    type ZeroCodeDecision = NonNullable<
      NonNullable<HookOutput<"PreToolUse", "zerocode">["hookSpecificOutput"]>["permissionDecision"]
    >;
    expectTypeOf<ZeroCodeDecision>().toEqualTypeOf<"allow" | "deny">();
    type VscodeStop = NonNullable<HookOutput<"Stop", "vscode">["hookSpecificOutput"]>;
    expectTypeOf<VscodeStop["decision"]>().toEqualTypeOf<"block" | undefined>();
  });
});
