import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { findFlatHookFileShape } from "../config/dialects/flat-hook-file-shapes.js";
import { loadConfig } from "../config/load-config.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import {
  defaultPermissionDecisions,
  type EventSpec,
  type OutputFieldMapping,
  type Profile,
} from "../profiles/profile.js";
import { profiles } from "../profiles/profiles.js";
import { createHookEngine, type HookEngine } from "./engine.js";

// Rules every profile has, each read from the profile tables and run end to end through real
// handler processes (test/fixtures/engine/emit.sh) for every built-in profile (and event) whose
// table has the rule: a new profile in `profiles` gets these cases without a line here. The
// per-profile suites (engine.<profile>.test.ts) keep what only their agent does.
//
// Hooks are written as `{ "hooks": { <event>: [{ "hooks": [<handler>] }] } }` with string commands,
// or, for a profile whose dialect reads flat hook files (Cursor, Copilot CLI), as
// `{ "version": 1, "hooks": { <event>: [<entry>] } }` spelled by the dialect's shape, timeouts in
// the profile's `timeoutUnit`; output a handler prints is spelled as the event's `outputFields`
// say. `loads the hooks the suite writes`
// fails first for a profile whose files are shaped otherwise.

const fixtures = fileURLToPath(new URL("../../test/fixtures/engine/", import.meta.url));
const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
/** A shell command running emit.sh with flags (--stdout, --stderr, --exit, --sleep, --save-stdin). */
const emit = (...args: string[]) => [join(fixtures, "emit.sh"), ...args].map(quote).join(" ");
const codes = (result: DispatchResult) => result.diagnostics.map((item) => item.code);
const statuses = (result: DispatchResult) => result.runs.map((run) => run.status);

type Handler = { type: "command"; command: string; timeout?: number };
const handler = (command: string, extra: { timeout?: number } = {}): Handler => ({
  type: "command",
  command,
  ...extra,
});

const builtInProfiles = Object.values(profiles).map((profile) => ({ name: profile.name, profile }));

/** The configurable events of a profile, with their rows. */
function listEvents(profile: Profile, keep: (spec: EventSpec) => boolean = () => true) {
  return Object.entries(profile.events).flatMap(([event, spec]) =>
    spec.configurable && keep(spec) ? [{ event, spec }] : [],
  );
}

/** Each built-in profile with the events whose rows have a rule; profiles without one are left out. */
function withEvents(keep: (spec: EventSpec, profile: Profile) => boolean) {
  return builtInProfiles.flatMap(({ name, profile }) => {
    const events = listEvents(profile, (spec) => keep(spec, profile));
    return events.length === 0 ? [] : [{ name, profile, events }];
  });
}

/** A payload the event can be dispatched with: a Bash call where it matches on the tool name. */
function createPayload(profile: Profile, spec: EventSpec): Record<string, unknown> {
  return spec.matchField !== null && spec.matchField === profile.toolNameField
    ? { [profile.toolNameField]: "Bash", tool_input: { command: "ls" } }
    : {};
}

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

/**
 * The hooks file of `profile` and where it is written: a flat hook file where the profile's
 * dialect reads one (in the project folder, which such an agent may run commands from), else the
 * grouped shape.
 */
function writeHooksDocument(profile: Profile, written: Record<string, Handler[][]>) {
  // Timeouts are given in seconds here, and written in the profile's own unit.
  const scale = profile.timeoutUnit === "milliseconds" ? 1000 : 1;
  const inUnit = (item: Handler): Handler =>
    item.timeout === undefined ? item : { ...item, timeout: item.timeout * scale };
  const hooks = Object.fromEntries(
    Object.entries(written).map(([event, lists]) => [event, lists.map((list) => list.map(inUnit))]),
  );
  const shape = findFlatHookFileShape(profile.configLocations[0]?.dialect ?? "");
  if (shape === undefined) {
    const groups = Object.fromEntries(
      Object.entries(hooks).map(([event, lists]) => [
        event,
        lists.map((list) => ({ hooks: list })),
      ]),
    );
    return { file: "hooks.json", document: { hooks: groups } };
  }
  const entries = Object.fromEntries(
    Object.entries(hooks).map(([event, lists]) => [
      event,
      lists.flat().map(({ type, command, timeout }) => ({
        type,
        [shape.commandKey]: command,
        ...(timeout !== undefined && { [shape.timeoutKey]: timeout }),
      })),
    ]),
  );
  return { file: "project/hooks.json", document: { version: 1, hooks: entries } };
}

/**
 * Claude-shaped output as the event's agent spells it: each field an `outputFields` mapping reads
 * is written under the agent's name (and value); a `hookSpecificOutput` left with nothing but its
 * event name is dropped.
 */
function spellOutput(spec: EventSpec, output: Record<string, unknown>): string {
  const mappings: readonly OutputFieldMapping[] = spec.outputFields ?? [];
  const spelled: Record<string, unknown> = { ...output };
  const specific = { ...(output.hookSpecificOutput as Record<string, unknown> | undefined) };
  for (const mapping of mappings) {
    const inSpecific = mapping.to.startsWith("hookSpecificOutput.");
    const key = inSpecific ? mapping.to.slice("hookSpecificOutput.".length) : mapping.to;
    const holder = inSpecific ? specific : spelled;
    if (!Object.hasOwn(holder, key)) continue;
    const value = holder[key];
    delete holder[key];
    const renamed = Object.entries(mapping.values ?? {}).find(([, to]) => to === value)?.[0];
    const fromSpecific = mapping.from.startsWith("hookSpecificOutput.");
    const fromKey = fromSpecific ? mapping.from.slice("hookSpecificOutput.".length) : mapping.from;
    (fromSpecific ? specific : spelled)[fromKey] = renamed ?? value;
  }
  if (output.hookSpecificOutput !== undefined) {
    const { hookEventName: _name, ...rest } = specific;
    if (Object.keys(rest).length === 0 && mappings.length > 0) delete spelled.hookSpecificOutput;
    else spelled.hookSpecificOutput = specific;
  }
  return JSON.stringify(spelled);
}

/** An engine of `profile` on one hooks file (trust bypassed where the profile has it). */
async function setup(profile: Profile, hooks: Record<string, Handler[][]>) {
  const workspace = createTestWorkspace(`rules-${profile.name}`);
  const written = writeHooksDocument(profile, hooks);
  const file = workspace.writeJson(written.file, written.document);
  const options = {
    profile,
    cwd: workspace.project,
    home: workspace.home,
    systemDir: workspace.path("system"),
    configFiles: [file],
    bypassHookTrust: profile.trust !== null,
    // No inherited variable changes a rule (a continuation cap, an event budget).
    env: { PATH: process.env.PATH },
    sessionId: "session-1",
  };
  const engine = await createHookEngine(options);
  engines.push(engine);
  return { workspace, engine, options };
}

/** Load diagnostics apart from the bypass warning of a profile with hook trust. */
const loadCodes = (engine: HookEngine) =>
  engine.diagnostics.map((item) => item.code).filter((code) => code !== "trust_bypassed");

/** A failing exit that decides nothing: the run is an error with `nonzero_exit`. */
function expectFailedExit(result: DispatchResult): void {
  expect(result).toMatchObject({ decision: null, reason: null });
  expect(statuses(result)).toEqual(["error"]);
  expect(codes(result)).toEqual(["nonzero_exit"]);
}

/** What a block (exit 2, or a failing exit where it blocks) does, by the event's `blockEffect`. */
function expectBlock(result: DispatchResult, spec: EventSpec, reason: string): void {
  switch (spec.blockEffect) {
    case "decide": {
      const decision = spec.decisionKind === "block" ? "block" : "deny";
      expect(result).toMatchObject({ decision, reason });
      break;
    }
    case "feedback":
      expect(result).toMatchObject({ decision: null, additionalContext: [reason] });
      expect(codes(result)).toEqual(["block_ignored"]);
      break;
    case "unsupported":
      expect(result).toMatchObject({ decision: null, additionalContext: [reason] });
      expect(codes(result)).toEqual(["unsupported_field"]);
      break;
    case "none":
      expect(result).toMatchObject({ decision: null, reason: null, additionalContext: [] });
      expect(codes(result)).toEqual(["block_ignored"]);
      expect(result.diagnostics[0]?.message).toContain(reason);
      break;
  }
}

describe.each(builtInProfiles)("every $name event", ({ profile }) => {
  const events = listEvents(profile);

  it("loads the hooks the suite writes", async () => {
    const hooks = Object.fromEntries(events.map(({ event }) => [event, [[handler("true")]]]));
    const { engine } = await setup(profile, hooks);
    expect(loadCodes(engine)).toEqual([]);
  });

  it.each(events)(
    "$event: exit 2 does what its blockEffect says, or fails like any exit where exitTwo says so",
    async ({ event, spec }) => {
      const reason = `${event} stopped by the table`;
      const { engine } = await setup(profile, {
        [event]: [[handler(emit("--stderr", reason, "--exit", "2"))]],
      });
      const result = await engine.dispatch(event, createPayload(profile, spec));
      expect(result.runs).toHaveLength(1);
      if (spec.exitTwo === "failure") expectFailedExit(result);
      else expectBlock(result, spec, reason);
    },
  );

  it.each(events)(
    "$event: plain stdout does what its plainStdout says",
    async ({ event, spec }) => {
      const text = `plain text from a ${event} hook`;
      const { engine } = await setup(profile, { [event]: [[handler(emit("--stdout", text))]] });
      const result = await engine.dispatch(event, createPayload(profile, spec));
      expect(result.decision).toBeNull();
      switch (spec.plainStdout) {
        case "context":
          expect(statuses(result)).toEqual(["ok"]);
          expect(result.additionalContext).toEqual([text]);
          break;
        case "ignored":
          expect(statuses(result)).toEqual(["ok"]);
          expect(result.additionalContext).toEqual([]);
          break;
        case "invalid":
          expect(statuses(result)).toEqual(["error"]);
          expect(codes(result)).toContain("invalid_output");
          expect(result.additionalContext).toEqual([]);
          break;
        case "output":
          expect(statuses(result)).toEqual(["ok"]);
          expect(result.eventOutput).toEqual({ [spec.plainStdoutField ?? ""]: text });
          break;
      }
    },
  );

  it("gives every handler without a timeout its event's default", async () => {
    const hooks = Object.fromEntries(events.map(({ event }) => [event, [[handler("true")]]]));
    const { options } = await setup(profile, hooks);
    const loaded = await loadConfig(profile, options);
    expect(
      Object.fromEntries(loaded.definitions.map((item) => [item.event, item.timeoutMs])),
    ).toEqual(
      Object.fromEntries(
        events.map(({ event, spec }) => [
          event,
          (spec.defaultTimeoutSeconds ?? profile.defaultTimeoutSeconds) * 1000,
        ]),
      ),
    );
  });
});

describe.each(withEvents((spec) => spec.decisionKind !== "none"))(
  "$name events that can decide",
  ({ profile, events }) => {
    it.each(events)(
      "$event: a failing exit other than 2 blocks where failedExit says so, else decides nothing",
      async ({ event, spec }) => {
        const reason = `${event} failed`;
        const { engine } = await setup(profile, {
          [event]: [[handler(emit("--stderr", reason, "--exit", "1"))]],
        });
        const result = await engine.dispatch(event, createPayload(profile, spec));
        if (spec.failedExit === "block") expectBlock(result, spec, reason);
        else expectFailedExit(result);
      },
    );
  },
);

describe.each(withEvents((spec) => spec.maxTimeoutSeconds !== undefined))(
  "$name events with a longest timeout",
  ({ profile, events }) => {
    it.each(events)(
      "$event: clamps a longer timeout with timeout_clamped",
      async ({ event, spec }) => {
        const longest = spec.maxTimeoutSeconds ?? 0;
        const { options } = await setup(profile, {
          [event]: [[handler("true", { timeout: longest + 1 })]],
        });
        const loaded = await loadConfig(profile, options);
        expect(loaded.definitions.map((item) => item.timeoutMs)).toEqual([longest * 1000]);
        expect(loaded.diagnostics.map((item) => item.code)).toEqual(["timeout_clamped"]);
      },
    );
  },
);

describe.each(
  withEvents((spec, profile) => (spec.defaultTimeoutSeconds ?? profile.defaultTimeoutSeconds) <= 2),
)("$name events with a short default timeout", ({ profile, events }) => {
  it.each(events)(
    "$event: times out a hook that runs past the default",
    async ({ event, spec }) => {
      const seconds = spec.defaultTimeoutSeconds ?? profile.defaultTimeoutSeconds;
      const { engine } = await setup(profile, {
        [event]: [[handler(emit("--sleep", String(seconds + 5)))]],
      });
      const result = await engine.dispatch(event, createPayload(profile, spec));
      expect(statuses(result)).toEqual(["timeout"]);
      expect(codes(result)).toEqual(["timeout"]);
    },
  );
});

describe.each(
  withEvents(
    (spec) =>
      spec.blockEffect === "decide" &&
      spec.decisionKind === "permission" &&
      spec.exitTwo !== "failure",
  ),
)("$name tool calls", ({ profile, events }) => {
  it.each(events)(
    "$event: kills a handler past its timeout; another handler's deny still applies",
    async ({ event, spec }) => {
      const { engine } = await setup(profile, {
        [event]: [
          [handler(emit("--sleep", "10"), { timeout: 1 })],
          [handler(emit("--stderr", "denied beside a timeout", "--exit", "2"))],
        ],
      });
      const result = await engine.dispatch(event, createPayload(profile, spec));
      expect(statuses(result)).toEqual(["timeout", "blocked"]);
      expect(codes(result)).toEqual(["timeout"]);
      expect(result).toMatchObject({ decision: "deny", reason: "denied beside a timeout" });
    },
  );
});

// The permission decisions an event applies, strongest first.
const decisionStrength = ["deny", "ask", "allow"] as const;
/** The decisions a reply applies alone (a strict profile's rewrite-only ones need updatedInput). */
function listAppliedDecisions(spec: EventSpec, profile: Profile) {
  const rules: Readonly<Record<string, string>> =
    spec.permissionDecisions ?? defaultPermissionDecisions;
  const rewriteOnly: readonly string[] = profile.strictOutput?.rewriteOnlyDecisions ?? [];
  const readsReason = spec.specificFields.supported.includes("permissionDecisionReason");
  return readsReason
    ? decisionStrength.filter(
        (decision) => rules[decision] === "apply" && !rewriteOnly.includes(decision),
      )
    : [];
}
const permissionOutput = (spec: EventSpec, event: string, decision: string, reason: string) =>
  spellOutput(spec, {
    hookSpecificOutput: {
      hookEventName: event,
      permissionDecision: decision,
      permissionDecisionReason: reason,
    },
  });

describe.each(
  withEvents(
    (spec, profile) =>
      spec.decisionKind === "permission" && listAppliedDecisions(spec, profile).length > 1,
  ),
)("$name permission decisions in JSON", ({ profile, events }) => {
  it.each(events)(
    "$event: the strongest decision wins, with the reason of its first handler in configuration order",
    async ({ event, spec }) => {
      const applied = listAppliedDecisions(spec, profile);
      const strongest = applied[0];
      // Weakest first, and the strongest twice: configuration order, not strength, picks the reason.
      const order = [...applied].reverse();
      order.push(strongest ?? "deny");
      const { engine } = await setup(profile, {
        [event]: order.map((decision, index) => [
          handler(
            emit("--stdout", permissionOutput(spec, event, decision, `${decision} ${index}`)),
          ),
        ]),
      });
      const result = await engine.dispatch(event, createPayload(profile, spec));
      expect(result).toMatchObject({
        decision: strongest,
        reason: `${strongest} ${order.indexOf(strongest ?? "deny")}`,
      });
      expect(statuses(result).every((status) => status === "ok" || status === "blocked")).toBe(
        true,
      );
    },
  );

  it.each(events.filter(({ spec }) => listAppliedDecisions(spec, profile).includes("ask")))(
    "$event: ask wins over allow",
    async ({ event, spec }) => {
      const { engine } = await setup(profile, {
        [event]: [
          [handler(emit("--stdout", permissionOutput(spec, event, "allow", "allowed")))],
          [handler(emit("--stdout", permissionOutput(spec, event, "ask", "asked")))],
        ],
      });
      const result = await engine.dispatch(event, createPayload(profile, spec));
      expect(result).toMatchObject({ decision: "ask", reason: "asked" });
    },
  );
});

const stopOutput = (spec: EventSpec) =>
  spellOutput(spec, { continue: false, stopReason: "halted by the table" });

describe.each(
  withEvents(
    (spec) =>
      spec.blockEffect === "decide" &&
      spec.honorsContinue &&
      spec.topLevelFields.supported.includes("continue"),
  ),
)("$name events that honor continue: false", ({ profile, events }) => {
  it.each(events)(
    "$event: continue: false stops, and drops a block unless the event keeps its decision",
    async ({ event, spec }) => {
      const { engine } = await setup(profile, {
        [event]: [
          [handler(emit("--stderr", "blocked beside a stop", "--exit", "2"))],
          [handler(emit("--stdout", stopOutput(spec)))],
        ],
      });
      const result = await engine.dispatch(event, createPayload(profile, spec));
      expect(result.continue).toBe(false);
      if (spec.topLevelFields.supported.includes("stopReason")) {
        expect(result.stopReason).toBe("halted by the table");
      }
      if (spec.continueKeepsDecision === true) {
        expect(result.decision).not.toBeNull();
        expect(codes(result)).not.toContain("decision_overridden");
      } else {
        expect(result.decision).toBeNull();
        expect(codes(result)).toContain("decision_overridden");
      }
    },
  );
});

describe.each(
  withEvents((spec) => !spec.honorsContinue && spec.topLevelFields.supported.includes("continue")),
)("$name events that ignore continue: false", ({ profile, events }) => {
  it.each(events)(
    "$event: continue: false is parsed and stops nothing",
    async ({ event, spec }) => {
      const { engine } = await setup(profile, {
        [event]: [[handler(emit("--stdout", stopOutput(spec)))]],
      });
      const result = await engine.dispatch(event, createPayload(profile, spec));
      expect(statuses(result)).toEqual(["ok"]);
      expect(result).toMatchObject({ continue: true, stopReason: null });
    },
  );
});

describe.each(withEvents((spec) => spec.countsContinuations && spec.blockEffect === "decide"))(
  "$name continuations",
  ({ profile, events }) => {
    const cap = profile.continuationCap;
    const resetting = listEvents(profile, (spec) => spec.resetsContinuations)[0]?.event;

    it.each(events)(
      `$event: ${cap === null ? "no cap: every block stands" : `blocks ${cap} times in a row, then continuation_cap`}; stop_hook_active says a block came before`,
      async ({ event, spec }) => {
        // A block by exit 2, or by JSON where exit 2 is a plain failure (Copilot CLI).
        const block =
          spec.exitTwo === "failure"
            ? ["--stdout", spellOutput(spec, { decision: "block", reason: "again" })]
            : ["--stderr", "again", "--exit", "2"];
        const { workspace, engine } = await setup(profile, {
          [event]: [[handler(emit("--save-stdin", "stdin.json", ...block))]],
        });
        const payload = createPayload(profile, spec);
        const readStopHookActive = () =>
          JSON.parse(readFileSync(join(workspace.project, "stdin.json"), "utf8")).stop_hook_active;
        const dispatches = (cap ?? 8) + 1;
        for (let count = 1; count <= dispatches; count += 1) {
          const result = await engine.dispatch(event, payload);
          expect(readStopHookActive()).toBe(count > 1);
          if (cap !== null && count > cap) {
            expect(result.decision).toBeNull();
            expect(codes(result)).toEqual(["continuation_cap"]);
          } else {
            expect(result).toMatchObject({ decision: "block", reason: "again" });
          }
        }
        if (resetting === undefined) return;
        // An event that resets the count starts the next run of blocks afresh.
        await engine.dispatch(resetting, {});
        expect((await engine.dispatch(event, payload)).decision).toBe("block");
        expect(readStopHookActive()).toBe(false);
      },
    );
  },
);

describe.each(builtInProfiles)("$name requests refused before any hook", ({ profile }) => {
  const event = listEvents(profile)[0]?.event ?? "";

  it.each(["NoSuchEvent", "constructor"])(
    "%s is an unknown event to dispatch and explain",
    async (unknown) => {
      const { engine } = await setup(profile, { [event]: [[handler("true")]] });
      expect(codes(await engine.dispatch(unknown, {}))).toEqual(["unknown_event"]);
      const explained = await engine.explain(unknown, {});
      expect(explained.diagnostics.map((item) => item.code)).toEqual(["unknown_event"]);
    },
  );

  it("refuses a payload that is not an object, and any dispatch once the engine is closed", async () => {
    const { engine } = await setup(profile, { [event]: [[handler("true")]] });
    const notObject = await engine.dispatch(event, [] as unknown as Record<string, unknown>);
    expect(notObject).toMatchObject({ decision: null, runs: [] });
    expect(codes(notObject)).toEqual(["invalid_payload"]);
    await engine.close();
    const closed = await engine.dispatch(event, {});
    expect(closed.runs).toEqual([]);
    expect(codes(closed)).toEqual(["engine_closed"]);
  });
});
