import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fuzzParameters } from "../../test/fixtures/fuzz/fuzz-runs.js";
import { createShimOutcome } from "../../test/support/create-shim-outcome.js";
import {
  arbitraryName,
  neutralizeName,
  prototypeNames,
  withKey,
} from "../../test/support/prototype-names.js";

import { createShimVerdict } from "./create-shim-verdict.js";
import { readCanonicalEvent } from "./hosts/shim-host.js";
import { shimHosts } from "./hosts/shim-hosts.js";
import { readHookVerdict } from "./read-hook-verdict.js";
import { type ShimFormatName, type ShimVerdict, shimFormatNames } from "./shim-types.js";
import { translateHostPayload } from "./translate-host-payload.js";
import { writeHostReply } from "./write-host-reply.js";

// Names a host or a hook sends (event names, tool names, payload and reply keys) are looked up in
// the host modules' tables. A name Object.prototype has (`constructor`, `toString`, `__proto__`)
// must read as unknown there: never a TypeError, never a function or the prototype used as a value.

const anyName = arbitraryName(
  ["PreToolUse", "Bash", "beforeShellExecution", "tool_name", "decision"],
  12,
);

/** An object whose only own keys are `keys`, each set to `value` (`__proto__` included). */
function objectWithKeys(keys: readonly string[], value: unknown): Record<string, unknown> {
  const target: Record<string, unknown> = {};
  for (const key of keys) withKey(target, key, value);
  return target;
}

// Each prototype name as the hosts may respell it (snake_case, camelCase, capitalized), longest first.
const spellings = [
  ...new Set(
    prototypeNames.flatMap((name) => [
      name,
      name.replaceAll(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
      name.replaceAll(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()),
      `${name.charAt(0).toUpperCase()}${name.slice(1)}`,
    ]),
  ),
].sort((left, right) => right.length - left.length);

/**
 * Runs `compute` with the prototype names, and again with each replaced by its neutral name:
 * both must give the same result (the names neutralized in the first), so a prototype name is
 * read as any other name the tables lack, and a `__proto__` key stays a key.
 */
function expectLikeNeutral<Result>(compute: (rename: (name: string) => string) => Result): Result {
  const result = compute((name) => name);
  let text = JSON.stringify(result) ?? "null";
  for (const spelling of spellings) text = text.replaceAll(spelling, neutralizeName(spelling));
  expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(compute(neutralizeName)) ?? "null"));
  return result;
}

// Hosts stamp a payload that has no timestamp of their kind: one clock for both runs of a comparison.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-01-01T00:00:00.000Z") });
});
afterAll(() => {
  vi.useRealTimers();
});

const pairs = shimFormatNames.flatMap((host) =>
  shimFormatNames.map((hook) => ({ host, hook }) as const),
);

/** Every event name a host takes, aliases included. */
function listHostEvents(host: ShimFormatName): string[] {
  return Object.keys(shimHosts[host].events.canonicalByName);
}

/** A payload of `hostEvent` with the fields every host reads, and `extra` over them. */
function createPayload(hostEvent: string, extra: Record<string, unknown> = {}) {
  return {
    session_id: "s1",
    sessionId: "s1",
    conversation_id: "c1",
    generation_id: "g1",
    transcript_path: "/tmp/t.jsonl",
    cwd: "/project",
    workspace_roots: ["/project"],
    hook_event_name: hostEvent,
    hookEventName: hostEvent,
    timestamp: "2026-01-01T00:00:00.000Z",
    ...extra,
  };
}

/**
 * Whether a value is JSON data all through: no functions, no prototype reached by a lookup, no
 * object whose prototype a `__proto__` key replaced, no key made from a function's text.
 */
function isPlainData(value: unknown): boolean {
  if (value === null || ["string", "number", "boolean"].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isPlainData);
  if (typeof value !== "object") return false;
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  if (Object.keys(value).some((key) => key.includes("[native code]"))) return false;
  return Object.values(value).every(isPlainData);
}

/** A translation that worked or said why not, as data. */
function expectTranslated(result: ReturnType<typeof translateHostPayload>) {
  if (!result.ok) {
    expect(typeof result.error).toBe("string");
    return;
  }
  expect(typeof result.hookEvent).toBe("string");
  expect(isPlainData(result.payload)).toBe(true);
  for (const problem of result.problems) expect(typeof problem).toBe("string");
}

const decisions = [null, "allow", "deny", "ask", "block"];

function expectVerdict(verdict: ShimVerdict) {
  expect(decisions).toContain(verdict.decision);
  expect(verdict.reason === null || typeof verdict.reason === "string").toBe(true);
  expect(verdict.userMessage === null || typeof verdict.userMessage === "string").toBe(true);
  expect(verdict.stopReason === null || typeof verdict.stopReason === "string").toBe(true);
  expect(verdict.additionalContext.every((line) => typeof line === "string")).toBe(true);
  expect(verdict.updatedInput === null || isPlainData(verdict.updatedInput)).toBe(true);
}

function expectReply(reply: ReturnType<typeof writeHostReply>) {
  expect([0, 2]).toContain(reply.exitCode);
  if (reply.stdout !== "") expect(isPlainData(JSON.parse(reply.stdout))).toBe(true);
}

describe("shim: prototype names as host event names", () => {
  it.each(pairs)("$host → $hook: no such event, a clear error", ({ host, hook }) => {
    for (const name of prototypeNames) {
      expect(readCanonicalEvent(shimHosts[host], name)).toBeNull();
      const result = expectLikeNeutral((rename) =>
        translateHostPayload({
          host,
          hook,
          hostEvent: rename(name),
          payload: createPayload(rename(name)),
        }),
      );
      expect(result).toEqual({
        ok: false,
        error: `"${name}" is not a ${shimHosts[host].title} hook event`,
      });
    }
  });

  it.each(shimFormatNames)("%s: a reply to an event it lacks decides nothing", (host) => {
    for (const name of prototypeNames) {
      for (const decision of ["deny", "allow", "block"] as const) {
        const reply = expectLikeNeutral((rename) =>
          writeHostReply({
            host,
            hostEvent: rename(name),
            verdict: createShimVerdict({ decision, reason: "r", updatedInput: { command: "x" } }),
          }),
        );
        expectReply(reply);
      }
      const failed = expectLikeNeutral((rename) =>
        writeHostReply({
          host,
          hostEvent: rename(name),
          verdict: createShimVerdict({ failure: "it broke" }),
        }),
      );
      expectReply(failed);
    }
  });

  it.each(shimFormatNames)("%s: a hook's output for an event it lacks is read as data", (hook) => {
    for (const name of prototypeNames) {
      for (const stdout of [
        '{"decision":"block","reason":"r"}',
        "",
        "not json",
        '{"continue":false}',
      ]) {
        for (const exitCode of [0, 2, 1]) {
          const verdict = expectLikeNeutral((rename) =>
            readHookVerdict({
              hook,
              hookEvent: rename(name),
              outcome: createShimOutcome({ exitCode, stdout }),
            }),
          );
          expectVerdict(verdict);
        }
      }
    }
  });
});

describe("shim: prototype names as tool names and payload keys", () => {
  it.each(pairs)("$host → $hook: every event translates or says why", ({ host, hook }) => {
    for (const hostEvent of listHostEvents(host)) {
      for (const prototypeName of prototypeNames) {
        const listPayloads = (rename: (name: string) => string) => {
          const name = rename(prototypeName);
          const every = prototypeNames.map(rename);
          return listPayloadsNaming(hostEvent, name, every);
        };
        for (const index of listPayloads((name) => name).keys()) {
          const result = expectLikeNeutral((rename) => {
            const payload = listPayloads(rename)[index] ?? {};
            return translateHostPayload({ host, hook, hostEvent, payload });
          });
          expectTranslated(result);
        }
      }
    }
  });
});

/** Payloads of `hostEvent` naming `name` as tools, keys and values (`every`: all such names). */
function listPayloadsNaming(
  hostEvent: string,
  name: string,
  every: readonly string[],
): Record<string, unknown>[] {
  return [
    createPayload(hostEvent, { tool_name: name, tool_input: { command: "ls" } }),
    createPayload(hostEvent, { toolName: name, toolArgs: "{}" }),
    createPayload(hostEvent, { tool_name: name, tool_input: objectWithKeys([name], "x") }),
    withKey(createPayload(hostEvent, { tool_name: "Bash" }), name, "x"),
    withKey(createPayload(hostEvent), name, { tool_name: "Bash", tool_input: {} }),
    withKey(createPayload(hostEvent, { toolName: "bash" }), name, { toolArgs: {} }),
    createPayload(hostEvent, {
      tool_name: "Bash",
      tool_input: objectWithKeys([name], { command: "rm -rf /" }),
    }),
    createPayload(hostEvent, {
      tool_name: "Bash",
      tool_input: objectWithKeys(every, 1),
      tool_response: objectWithKeys(every, 1),
    }),
    createPayload(hostEvent, { tool_name: `mcp__${name}__${name}`, tool_input: {} }),
    createPayload(hostEvent, { tool_name: `MCP:${name}:${name}`, tool_input: "{}" }),
    createPayload(hostEvent, { source: name, reason: name, trigger: name, matcher: name }),
  ];
}

describe("shim: prototype names in a hook's output", () => {
  /** Outputs naming prototype names as keys, decisions and event names. */
  function listOutputs(name: string, every: readonly string[], hookEvent: string): string[] {
    const specific = objectWithKeys([name], "x");
    return [
      JSON.stringify(objectWithKeys([name], "x")),
      JSON.stringify(objectWithKeys([name], { permission: "deny", decision: "block" })),
      JSON.stringify(objectWithKeys(every, true)),
      JSON.stringify({ decision: name, reason: "r" }),
      JSON.stringify({ permission: name, user_message: "m" }),
      JSON.stringify({ hookSpecificOutput: specific }),
      JSON.stringify({ hookSpecificOutput: { hookEventName: name, permissionDecision: "deny" } }),
      JSON.stringify({
        hookSpecificOutput: { hookEventName: hookEvent, permissionDecision: name },
      }),
      JSON.stringify({
        hookSpecificOutput: {
          hookEventName: hookEvent,
          permissionDecision: "allow",
          updatedInput: objectWithKeys([name], 1),
          decision: { behavior: name },
        },
      }),
      JSON.stringify({ permissionDecision: name, modifiedArgs: objectWithKeys([name], 1) }),
      JSON.stringify({ hookSpecificOutput: { [name]: name, hookEventName: hookEvent } }),
    ];
  }

  it.each(shimFormatNames)("%s: every event's verdict is data", (hook) => {
    const hookEvents = listHostEvents(hook);
    for (const hookEvent of hookEvents) {
      for (const name of prototypeNames) {
        const outputs = (rename: (name: string) => string) =>
          listOutputs(rename(name), prototypeNames.map(rename), hookEvent);
        for (const index of outputs((same) => same).keys()) {
          for (const exitCode of [0, 2]) {
            const verdict = expectLikeNeutral((rename) =>
              readHookVerdict({
                hook,
                hookEvent,
                outcome: createShimOutcome({ exitCode, stdout: outputs(rename)[index] ?? "" }),
              }),
            );
            expectVerdict(verdict);
          }
        }
      }
    }
  });

  it.each(shimFormatNames)("%s: every event's reply is data", (host) => {
    for (const hostEvent of listHostEvents(host)) {
      for (const name of prototypeNames) {
        for (const decision of ["allow", "deny", "ask", "block", null] as const) {
          const reply = expectLikeNeutral((rename) => {
            const verdict = createShimVerdict({
              decision,
              reason: rename(name),
              userMessage: rename(name),
              stopReason: rename(name),
              additionalContext: [rename(name)],
              updatedInput: objectWithKeys([rename(name)], { command: rename(name) }),
            });
            return writeHostReply({ host, hostEvent, verdict });
          });
          expectReply(reply);
        }
      }
    }
  });
});

describe("shim: any names, any host and hook", () => {
  const pair = fc.constantFrom(...pairs);

  it("translates a payload of any event and tool, with any keys, or says why", () => {
    fc.assert(
      fc.property(
        pair,
        fc.oneof(anyName, fc.constantFrom(...shimFormatNames.flatMap(listHostEvents))),
        anyName,
        fc.array(fc.tuple(anyName, fc.oneof(anyName, fc.constant({ tool_name: "Bash" }))), {
          maxLength: 4,
        }),
        ({ host, hook }, hostEvent, toolName, entries) => {
          const toolInput: Record<string, unknown> = {};
          for (const [key, value] of entries) withKey(toolInput, key, value);
          const payload = createPayload(hostEvent, { tool_name: toolName, tool_input: toolInput });
          for (const [key, value] of entries) withKey(payload, key, value);
          const result = translateHostPayload({ host, hook, hostEvent, payload });
          expectTranslated(result);
          if (readCanonicalEvent(shimHosts[host], hostEvent) === null) {
            expect(result.ok).toBe(false);
          }
        },
      ),
      fuzzParameters(300),
    );
  });

  it("reads any hook output and writes any host reply as data", () => {
    fc.assert(
      fc.property(
        pair,
        fc.oneof(anyName, fc.constantFrom(...shimFormatNames.flatMap(listHostEvents))),
        fc.array(fc.tuple(anyName, fc.oneof(anyName, fc.boolean())), { maxLength: 4 }),
        fc.constantFrom(0, 1, 2),
        ({ host, hook }, event, entries, exitCode) => {
          const output: Record<string, unknown> = {};
          for (const [key, value] of entries) withKey(output, key, value);
          const specific: Record<string, unknown> = { hookEventName: event };
          for (const [key, value] of entries) withKey(specific, key, value);
          withKey(output, "hookSpecificOutput", specific);
          const verdict = readHookVerdict({
            hook,
            hookEvent: event,
            outcome: createShimOutcome({ exitCode, stdout: JSON.stringify(output) }),
          });
          expectVerdict(verdict);
          expectReply(writeHostReply({ host, hostEvent: event, verdict }));
        },
      ),
      fuzzParameters(300),
    );
  });
});
