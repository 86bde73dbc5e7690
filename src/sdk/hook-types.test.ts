import { describe, expectTypeOf, it } from "vitest";
import type { profiles } from "../profiles/profiles.js";
import { defineHook, type HookScriptDefinition } from "./define-hook.js";
import { addContext, deny } from "./hook-results.js";
import type {
  HookEventName,
  HookEventOutput,
  HookInput,
  HookOutput,
  HookResult,
} from "./hook-types.js";

// Checked by the type checker (`tsc --noEmit` covers test files): the SDK's types follow the
// event schemas src/event-schemas derives from the profile tables.

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

  it("type exactly the common and event fields of the table, required or optional", () => {
    type ClaudeNotification = HookInput<"Notification", "claude">;
    expectTypeOf<ClaudeNotification>().toEqualTypeOf<{
      [key: string]: unknown;
      session_id: string;
      cwd: string;
      transcript_path?: string | null | undefined;
      permission_mode?: string | undefined;
      hook_event_name: "Notification";
      message: string;
      notification_type: string;
      title?: string | undefined;
    }>();
    expectTypeOf<HookInput<"PreCompact", "vscode">["transcript_path"]>().toEqualTypeOf<
      string | null
    >();
    expectTypeOf<HookInput<"SessionStart", "deepagents">["effort"]>().toEqualTypeOf<
      { [key: string]: unknown; level: string } | undefined
    >();
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
    expectTypeOf<keyof HookOutput<"Stop", "vscode">>().toEqualTypeOf<
      "continue" | "stopReason" | "systemMessage" | "hookSpecificOutput"
    >();
    expectTypeOf<keyof HookOutput<"SessionEnd", "zerocode">>().toEqualTypeOf<
      "systemMessage" | "suppressOutput"
    >();
    expectTypeOf<HookOutput<"PreToolUse", "claude">["decision"]>().toEqualTypeOf<
      "approve" | "block" | undefined
    >();
    expectTypeOf<HookOutput<"PreToolUse", "vscode">["decision"]>().toEqualTypeOf<
      "block" | undefined
    >();
    type ClaudePermissionRequest = NonNullable<
      HookOutput<"PermissionRequest", "claude">["hookSpecificOutput"]
    >;
    expectTypeOf<ClaudePermissionRequest>().toEqualTypeOf<{
      hookEventName: "PermissionRequest";
      decision?:
        | {
            behavior: "allow" | "deny";
            message?: string | undefined;
            updatedInput?: Record<string, unknown> | undefined;
            updatedPermissions?: unknown[] | undefined;
            interrupt?: boolean | undefined;
          }
        | undefined;
    }>();
    type ClaudeSessionStart = NonNullable<
      HookOutput<"SessionStart", "claude">["hookSpecificOutput"]
    >;
    expectTypeOf<ClaudeSessionStart["watchPaths"]>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<ClaudeSessionStart["sessionTitle"]>().toEqualTypeOf<string | undefined>();
    type ClaudeElicitation = NonNullable<HookOutput<"Elicitation", "claude">["hookSpecificOutput"]>;
    expectTypeOf<ClaudeElicitation["action"]>().toEqualTypeOf<
      "accept" | "decline" | "cancel" | undefined
    >();
    expectTypeOf<HookInput<"WorktreeCreate", "claude">["name"]>().toEqualTypeOf<string>();
    type ClaudePreToolUse = NonNullable<HookOutput<"PreToolUse", "claude">["hookSpecificOutput"]>;
    expectTypeOf<ClaudePreToolUse["permissionDecision"]>().toEqualTypeOf<
      "allow" | "deny" | "ask" | "defer" | undefined
    >();
    expectTypeOf<keyof HookOutput<"SessionEnd", "claude">>().toEqualTypeOf<
      "continue" | "stopReason" | "systemMessage" | "suppressOutput"
    >();
  });
});

describe("HookEventOutput and HookResult.output types", () => {
  it("type each event's output fields from the profile table", () => {
    expectTypeOf<HookEventOutput<"SessionStart", "claude">>().toEqualTypeOf<{
      initialUserMessage?: string | undefined;
      sessionTitle?: string | undefined;
      watchPaths?: string[] | undefined;
    }>();
    expectTypeOf<HookEventOutput<"PermissionRequest", "claude">>().toEqualTypeOf<{
      updatedPermissions?: unknown[] | undefined;
      interrupt?: boolean | undefined;
    }>();
    expectTypeOf<HookEventOutput<"Elicitation", "claude">>().toEqualTypeOf<{
      action?: "accept" | "decline" | "cancel" | undefined;
      content?: Record<string, unknown> | undefined;
    }>();
    expectTypeOf<HookEventOutput<"PostToolUse", "claude">>().toEqualTypeOf<{
      updatedToolOutput?: unknown;
      updatedMCPToolOutput?: unknown;
    }>();
    expectTypeOf<HookEventOutput<"PermissionDenied", "claude">>().toEqualTypeOf<{
      retry?: boolean | undefined;
    }>();
    expectTypeOf<HookEventOutput<"WorktreeCreate", "claude">>().toEqualTypeOf<{
      worktreePath?: string | undefined;
    }>();
    expectTypeOf<HookEventOutput<"CwdChanged", "claude">>().toEqualTypeOf<{
      watchPaths?: string[] | undefined;
    }>();
  });

  it("take no output where the event or the profile has none", () => {
    expectTypeOf<HookEventOutput<"PreToolUse", "claude">>().toBeNever();
    expectTypeOf<HookEventOutput<"Stop", "claude">>().toBeNever();
    expectTypeOf<HookEventOutput<"SessionStart", "zerocode">>().toBeNever();
    expectTypeOf<HookEventOutput<"PostToolUse", "deepagents">>().toBeNever();
    expectTypeOf<HookResult["output"]>().toEqualTypeOf<undefined>();
    expectTypeOf<HookResult>().toExtend<HookResult<unknown>>();
  });

  it("let a handler return its event's output, and the helpers' results everywhere", () => {
    expectTypeOf<{ output: { watchPaths: string[] } }>().toExtend<
      HookResult<HookEventOutput<"SessionStart", "claude">>
    >();
    expectTypeOf<{ output: { retry: boolean } }>().not.toExtend<
      HookResult<HookEventOutput<"SessionStart", "claude">>
    >();
    expectTypeOf<{ output: { watchPaths: string } }>().not.toExtend<
      HookResult<HookEventOutput<"SessionStart", "claude">>
    >();
    expectTypeOf<{ output: { watchPaths: string[] } }>().not.toExtend<
      HookResult<HookEventOutput<"PreToolUse", "claude">>
    >();
    expectTypeOf(deny("no")).toExtend<HookResult<HookEventOutput<"PermissionRequest", "claude">>>();
    const definition: HookScriptDefinition<"SessionStart", "claude"> = {
      event: "SessionStart",
      handle: () => ({ ...addContext("branch: main"), output: { watchPaths: ["/repo/.envrc"] } }),
    };
    const wrong: HookScriptDefinition<"SessionStart", "claude"> = {
      event: "SessionStart",
      // @ts-expect-error SessionStart takes no retry
      handle: () => ({ output: { retry: true } }),
    };
    expectTypeOf(definition.handle).returns.toExtend<
      HookResult<HookEventOutput<"SessionStart", "claude">> | undefined | Promise<unknown>
    >();
    expectTypeOf(wrong.event).toEqualTypeOf<"SessionStart">();
    expectTypeOf(defineHook).toBeCallableWith({
      event: "PermissionDenied",
      handle: () => ({ output: { retry: true } }),
    });
    expectTypeOf(defineHook<"PermissionRequest", "claude">).toBeCallableWith({
      event: "PermissionRequest",
      handle: () => ({ ...deny("no"), output: { interrupt: true } }),
    });
    expectTypeOf(defineHook<"Stop", "claude">).toBeCallableWith({
      event: "Stop",
      // @ts-expect-error Stop takes no output
      handle: () => ({ output: { retry: true } }),
    });
  });
});
