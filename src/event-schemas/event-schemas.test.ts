import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { createProcessOutcome } from "../../test/support/create-process-outcome.js";
import type { HookDefinition } from "../config/hook-definition.js";
import { interpretOutcome } from "../decide/interpret-outcome.js";
import type { Profile } from "../profiles/profile.js";
import { type ProfileName, profiles } from "../profiles/profiles.js";
import { eventSchemas } from "./event-schemas.js";

// The schemas derived from the profile tables, against the tables and against the engine itself.

const profileNames = Object.keys(profiles) as ProfileName[];

type EventSchemaPair = { input: z.ZodObject; output: z.ZodObject };

function schemasOf(profile: ProfileName): Record<string, EventSchemaPair> {
  return eventSchemas[profile];
}

function configurableEvents(profile: Profile): string[] {
  return Object.entries(profile.events)
    .filter(([, spec]) => spec.configurable)
    .map(([event]) => event);
}

describe.each(profileNames)("event schemas of %s", (name) => {
  const profile: Profile = profiles[name];
  const schemas = schemasOf(name);

  it("cover exactly the events hooks can be configured for", () => {
    expect(Object.keys(schemas).sort()).toEqual(configurableEvents(profile).sort());
  });

  it.each(configurableEvents(profile))("%s input has the table's payload fields", (event) => {
    const input = schemas[event]?.input;
    // The profile's common fields: those every event's input has.
    const common = Object.keys(input?.shape ?? {}).filter((key) =>
      Object.values(schemas).every((other) => key in other.input.shape),
    );
    const own = Object.keys(input?.shape ?? {}).filter(
      (key) => key !== "hook_event_name" && !common.includes(key),
    );
    const payload = profile.events[event]?.payload;
    expect(own.sort()).toEqual([...(payload?.required ?? []), ...(payload?.optional ?? [])].sort());
    expect(common.filter((key) => key !== "hook_event_name").sort()).toEqual(
      [
        ...(profile.commonPayload?.required ?? []),
        ...(profile.commonPayload?.optional ?? []),
      ].sort(),
    );
    for (const field of payload?.optional ?? []) {
      expect(input?.shape[field]?.safeParse(undefined).success, field).toBe(true);
    }
    expect(input?.shape.hook_event_name?.safeParse(event).success).toBe(true);
    expect(input?.shape.hook_event_name?.safeParse("Other").success).toBe(false);
  });
});

/** An output field or two, each as a hook would print it; `specific` goes in hookSpecificOutput. */
const candidates: { name: string; top?: Record<string, unknown>; specific?: object }[] = [
  { name: "continue: false with stopReason", top: { continue: false, stopReason: "done" } },
  { name: "systemMessage", top: { systemMessage: "note" } },
  { name: "suppressOutput", top: { suppressOutput: true } },
  { name: "top-level block", top: { decision: "block", reason: "no" } },
  { name: "top-level approve", top: { decision: "approve", reason: "fine" } },
  { name: "additionalContext", specific: { additionalContext: "context" } },
  { name: "permissionDecision allow", specific: { permissionDecision: "allow" } },
  { name: "permissionDecision deny", specific: { permissionDecision: "deny" } },
  { name: "permissionDecision ask", specific: { permissionDecision: "ask" } },
  { name: "permissionDecision defer", specific: { permissionDecision: "defer" } },
  {
    name: "permissionDecisionReason",
    specific: { permissionDecision: "deny", permissionDecisionReason: "no" },
  },
  {
    name: "updatedInput with an allow",
    specific: { permissionDecision: "allow", updatedInput: { command: "ls" } },
  },
  { name: "decision.behavior deny", specific: { decision: { behavior: "deny", message: "no" } } },
  { name: "decision.behavior allow", specific: { decision: { behavior: "allow" } } },
  { name: "block inside hookSpecificOutput", specific: { decision: "block", reason: "no" } },
  { name: "updatedPermissions", specific: { updatedPermissions: [] } },
  { name: "interrupt", specific: { interrupt: true } },
  { name: "updatedMCPToolOutput", specific: { updatedMCPToolOutput: {} } },
  { name: "updatedToolOutput", specific: { updatedToolOutput: "x" } },
  { name: "an unknown field", top: { colour: "blue" } },
];

function createHook(event: string): HookDefinition {
  return createHookDefinition({ event, command: ["./hook.sh"] });
}

/** Whether the engine applies the output as printed: no diagnostic, no failed run. */
function engineApplies(profile: Profile, event: string, output: object): boolean {
  const spec = profile.events[event];
  if (spec === undefined) throw new Error(`no ${event} in ${profile.name}`);
  const stdout = JSON.stringify(output);
  const outcome = createProcessOutcome({ stdout, stdoutBytes: stdout.length, durationMs: 1 });
  const verdict = interpretOutcome(outcome, {
    hook: createHook(event),
    spec,
    profile,
    toolName: spec.matchField === "tool_name" ? "Bash" : null,
    validateToolInput: () => true,
  });
  return verdict.status !== "error" && verdict.diagnostics.length === 0;
}

describe.each(profileNames)("%s output schemas against the engine", (name) => {
  const profile: Profile = profiles[name];
  const schemas = schemasOf(name);
  const cases = Object.keys(schemas).flatMap((event) =>
    candidates.map((candidate) => [event, candidate.name, candidate] as const),
  );

  it.each(cases)("%s, %s: accepted exactly when the engine applies it", (event, _name, field) => {
    const output = {
      ...field.top,
      ...(field.specific !== undefined && {
        hookSpecificOutput: { hookEventName: event, ...field.specific },
      }),
    };
    const accepted = schemas[event]?.output.safeParse(output).success;
    expect(accepted).toBe(engineApplies(profile, event, output));
  });

  it.each(Object.keys(schemas))("%s accepts an empty object", (event) => {
    expect(schemas[event]?.output.safeParse({}).success).toBe(true);
  });
});
