import { writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fuzzParameters } from "../../test/fixtures/fuzz/fuzz-runs.js";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { createProcessOutcome } from "../../test/support/create-process-outcome.js";
import { createSuiteWorkspace } from "../../test/support/create-test-workspace.js";
import { arbitraryName, prototypeNames } from "../../test/support/prototype-names.js";
import { createHookEngine } from "../engine/engine.js";
import type { Profile } from "../profiles/profile.js";
import { type ProfileName, profiles } from "../profiles/profiles.js";
import { decisions } from "./dispatch-result-schema.js";
import type { HandlerVerdict } from "./handler-verdict.js";
import { interpretOutcome } from "./interpret-outcome.js";

// Names a handler's reply or a dispatch carries (output keys, decision words, event names in
// hookSpecificOutput, tool names) are looked up in the profile's tables. A name Object.prototype
// has (`constructor`, `toString`, `__proto__`) must read as unknown there, in every profile: a
// diagnostic or nothing, never a TypeError, never a function or the prototype taken as a value.

const anyName = arbitraryName(
  ["decision", "permissionDecision", "additionalContext", "block", "allow"],
  10,
);

const profileNames = Object.keys(profiles) as ProfileName[];

/** An object whose only own keys are `keys`, each set to `value` (`__proto__` included). */
function objectWithKeys(keys: readonly string[], value: unknown): Record<string, unknown> {
  const target: Record<string, unknown> = {};
  for (const key of keys) {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return target;
}

/** Whether a value is JSON data all through, with no object whose prototype was replaced. */
function isPlainData(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (["string", "number", "boolean"].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isPlainData);
  if (typeof value !== "object") return false;
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).every(isPlainData);
}

function expectVerdict(verdict: HandlerVerdict) {
  expect(verdict.decision === null || decisions.includes(verdict.decision)).toBe(true);
  for (const text of [verdict.reason, verdict.stopReason, verdict.systemMessage]) {
    expect(text === null || typeof text === "string").toBe(true);
  }
  expect(verdict.additionalContext === null || typeof verdict.additionalContext === "string").toBe(
    true,
  );
  expect(isPlainData(verdict.updatedInput)).toBe(true);
  expect(isPlainData(verdict.eventOutput)).toBe(true);
  for (const diagnostic of verdict.diagnostics) expect(typeof diagnostic.message).toBe("string");
}

/** Replies naming `name` as keys, decision words and event names, for `event`. */
function listReplies(name: string, event: string): string[] {
  const keyed = objectWithKeys([name], { decision: "block", permissionDecision: "deny" });
  return [
    JSON.stringify(keyed),
    JSON.stringify(objectWithKeys(prototypeNames, "x")),
    JSON.stringify({ decision: name, reason: "r" }),
    JSON.stringify({ ...keyed, decision: name }),
    JSON.stringify({ hookSpecificOutput: keyed }),
    JSON.stringify({ hookSpecificOutput: { hookEventName: name, additionalContext: "c" } }),
    JSON.stringify({ hookSpecificOutput: { hookEventName: event, permissionDecision: name } }),
    JSON.stringify({
      hookSpecificOutput: { ...objectWithKeys([name], "x"), hookEventName: event },
    }),
    JSON.stringify({
      hookSpecificOutput: {
        hookEventName: event,
        permissionDecision: "allow",
        updatedInput: objectWithKeys([name], "x"),
        decision: { behavior: name, updatedInput: objectWithKeys([name], 1) },
      },
    }),
    JSON.stringify({ permission: name, user_message: name, agent_message: name }),
    JSON.stringify({ continue: false, stopReason: name, systemMessage: name }),
    JSON.stringify({ followup_message: name, permissionDecision: name }),
  ];
}

function interpret(profile: Profile, event: string, stdout: string, toolName: string | null) {
  const spec = profile.events[event];
  if (spec === undefined) throw new Error(`no ${event} in ${profile.name}`);
  return interpretOutcome(createProcessOutcome({ stdout, exitCode: 0 }), {
    hook: createHookDefinition({ event }),
    spec,
    profile,
    toolName,
    payload: { tool_name: toolName ?? "Bash", tool_input: {} },
  });
}

describe("decide: prototype names in a handler's reply, every profile and event", () => {
  it.each(profileNames)("%s", (name) => {
    const profile = profiles[name];
    for (const event of Object.keys(profile.events)) {
      for (const prototypeName of prototypeNames) {
        for (const stdout of listReplies(prototypeName, event)) {
          for (const toolName of [null, "Bash", prototypeName]) {
            expectVerdict(interpret(profile, event, stdout, toolName));
          }
        }
      }
    }
  });

  it("reads any reply keys and words in any profile and event as data", () => {
    const cases = profileNames.flatMap((name) =>
      Object.keys(profiles[name].events).map((event) => ({ name, event })),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.array(fc.tuple(anyName, fc.oneof(anyName, fc.boolean(), fc.constant({}))), {
          maxLength: 4,
        }),
        anyName,
        ({ name, event }, entries, word) => {
          const top: Record<string, unknown> = {};
          const specific: Record<string, unknown> = { hookEventName: event };
          for (const [key, value] of entries) {
            Object.assign(top, objectWithKeys([key], value));
            Object.assign(specific, objectWithKeys([key], value));
          }
          specific.permissionDecision = word;
          top.decision = word;
          top.hookSpecificOutput = specific;
          expectVerdict(interpret(profiles[name], event, JSON.stringify(top), word));
        },
      ),
      fuzzParameters(400),
    );
  });
});

const directory = createSuiteWorkspace("prototype-names-dispatch").root;

/** A configuration file of `profile` with one command hook on `event` (a matcher where it has one). */
function writeConfig(name: ProfileName, event: string, command: string[]): string | null {
  const file = path.join(directory, `${name}-hooks.json`);
  const handler = { type: "command", command: command.join(" ") };
  const documents: Partial<Record<ProfileName, unknown>> = {
    claude: { hooks: { [event]: [{ matcher: "Bash", hooks: [handler] }] } },
    deepagents: { hooks: { [event]: [{ matcher: "Bash", hooks: [handler] }] } },
    zerocode: { hooks: { [event]: [{ matcher: "^Bash$", hooks: [handler] }] } },
    codex: { hooks: { [event]: [{ matcher: "^Bash$", hooks: [handler] }] } },
    gemini: { hooks: { [event]: [{ matcher: "Bash", hooks: [handler] }] } },
    vscode: { hooks: { [event]: [handler] } },
    copilot: { version: 1, hooks: { [event]: [{ type: "command", bash: handler.command }] } },
    cursor: { version: 1, hooks: { [event]: [{ command: handler.command, matcher: "Shell" }] } },
  };
  const document = documents[name];
  if (document === undefined) return null;
  writeFileSync(file, JSON.stringify(document));
  return file;
}

/** The profile's PreToolUse, by its own name for it. */
function pickToolEvent(profile: Profile): string {
  const names = ["PreToolUse", "BeforeTool", "preToolUse"];
  const event = names.find((name) => Object.hasOwn(profile.events, name));
  if (event === undefined) throw new Error(`no PreToolUse in ${profile.name}`);
  return event;
}

describe("dispatch: prototype names with every profile", () => {
  it.each(profileNames)("%s: a prototype name is an unknown event", async (name) => {
    const engine = await createHookEngine({
      profile: name,
      home: directory,
      cwd: directory,
      configFiles: [],
    });
    for (const event of prototypeNames) {
      const result = await engine.dispatch(event, {});
      expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["unknown_event"]);
      const explained = await engine.explain(event, {});
      expect(explained.entries).toEqual([]);
    }
    await engine.close();
  });

  it.each(profileNames)(
    "%s: prototype names as tool names, payload keys and reply keys",
    async (name) => {
      const profile = profiles[name];
      const event = pickToolEvent(profile);
      const reply = JSON.stringify({
        ...objectWithKeys(prototypeNames, { decision: "block" }),
        decision: "constructor",
        hookSpecificOutput: {
          ...objectWithKeys(prototypeNames, "x"),
          hookEventName: event,
          permissionDecision: "toString",
        },
      });
      const file = writeConfig(name, event, ["printf", "%s", `'${reply}'`]);
      const engine = await createHookEngine({
        profile: name,
        home: directory,
        cwd: directory,
        configFiles: file === null ? [] : [file],
      });
      for (const toolName of prototypeNames) {
        const payload = {
          ...objectWithKeys(prototypeNames, { tool_name: "Bash" }),
          tool_name: toolName,
          tool_input: objectWithKeys(prototypeNames, "x"),
        };
        const result = await engine.dispatch(event, payload);
        expect(result.decision === null || decisions.includes(result.decision)).toBe(true);
        const explained = await engine.explain(event, payload);
        expect(explained.aliases).toEqual([]);
      }
      // The hook runs for a tool its matcher names, and its prototype-named reply decides nothing.
      const ran = await engine.dispatch(event, {
        ...objectWithKeys(prototypeNames, "x"),
        tool_name: name === "cursor" ? "Shell" : "Bash",
        tool_input: { command: "ls" },
      });
      await engine.close();
      expect(ran.decision === null || ran.decision === "allow").toBe(true);
      // ZeroCode and Codex run a hook only once trusted: there the gate skips it, by its own rule.
      const trusted = name !== "zerocode" && name !== "codex";
      expect(ran.runs.map((run) => run.status)).toEqual([trusted ? "ok" : "skipped"]);
    },
  );
});
