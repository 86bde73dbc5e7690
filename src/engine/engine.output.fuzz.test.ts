import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { fuzzParameters } from "../../test/fixtures/fuzz/fuzz-runs.js";
import { createSuiteWorkspace } from "../../test/support/create-test-workspace.js";
import { findFlatHookFileShape } from "../config/dialects/flat-hook-file-shapes.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import { diagnosticCodes } from "../diagnostic.js";
import type { EventSpec, Profile } from "../profiles/profile.js";
import { type ProfileName, profiles } from "../profiles/profiles.js";
import { createHookEngine, type HookEngine } from "./engine.js";

// Output fuzzing: real handler processes print random bytes, invalid UTF-8, NUL bytes, huge or
// wrong-typed JSON, then exit with a random code or die by a random signal. `dispatch` must
// resolve with a well-formed result whose runs report exit codes and signals separately, and a
// crash must never decide anything, except where the profile reads JSON whatever the exit code
// (Claude Code): there a crash decides exactly as its JSON would on exit 0, and stays reported.

const fixture = fileURLToPath(new URL("../../test/fixtures/fuzz/emit-output.sh", import.meta.url));
const events = ["PreToolUse", "PostToolUse", "Stop", "UserPromptSubmit"] as const;
const slots = [0, 1] as const;
/** Signals a shell dies of when it sends them to itself. */
const signals = [
  "SIGPIPE",
  "SIGKILL",
  "SIGSEGV",
  "SIGABRT",
  "SIGTERM",
  "SIGINT",
  "SIGHUP",
  "SIGQUIT",
  "SIGBUS",
  "SIGFPE",
  "SIGILL",
  "SIGUSR2",
  "SIGALRM",
  "SIGTRAP",
  "SIGSYS",
] as const;

const diagnosticSchema = z.strictObject({
  code: z.enum(diagnosticCodes),
  severity: z.enum(["error", "warning", "info"]),
  message: z.string(),
  file: z.string().nullable(),
  path: z.string().nullable(),
});
const runSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z]+:\d+:\d+$/),
  command: z.union([z.string(), z.array(z.string())]),
  source: z.string(),
  path: z.string(),
  status: z.enum(["ok", "blocked", "error", "timeout", "skipped"]),
  exitCode: z.number().int().min(0).max(255).nullable(),
  signal: z.string().nullable(),
  durationMs: z.number().nonnegative(),
});
const dispatchResultSchema = z.strictObject({
  event: z.string(),
  decision: z.enum(["allow", "deny", "ask", "block"]).nullable(),
  reason: z.string().nullable(),
  continue: z.boolean(),
  stopReason: z.string().nullable(),
  systemMessages: z.array(z.string()),
  additionalContext: z.array(z.string()),
  updatedInput: z.unknown(),
  runs: z.array(runSchema),
  diagnostics: z.array(diagnosticSchema),
});

const decisionsByKind = {
  permission: ["allow", "deny", "ask"],
  "permission-request": ["allow", "deny"],
  block: ["block"],
  none: [],
} as const satisfies Record<EventSpec["decisionKind"], readonly string[]>;
const blockDecision = {
  permission: "deny",
  "permission-request": "deny",
  block: "block",
  none: null,
} as const;

type Ending = { kind: "exit"; code: number } | { kind: "signal"; signal: string };
interface HandlerCase {
  stdout: { hex: string } | { file: string };
  stderrHex: string;
  ending: Ending;
}

const hex = (text: string | Uint8Array) => Buffer.from(text).toString("hex");

const directory = createSuiteWorkspace("output-fuzz").root;
const hugeFiles: string[] = [];

/** Arbitrary JSON-ish values of any type, for fields expected to be something else. */
const anyValue = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
);
const decisionWord = fc.oneof(
  fc.constantFrom("allow", "deny", "ask", "defer", "block", "approve"),
  fc.constantFrom("constructor", "__proto__", "toString", "hasOwnProperty"),
  anyValue,
);
/** JSON output shaped like a hook's answer, with wrong types, extra and prototype keys mixed in. */
const outputDocument = (event: string) =>
  fc
    .record(
      {
        continue: fc.oneof(fc.boolean(), anyValue),
        stopReason: fc.oneof(fc.string(), anyValue),
        systemMessage: fc.oneof(fc.string(), anyValue),
        suppressOutput: fc.oneof(fc.boolean(), anyValue),
        decision: decisionWord,
        reason: fc.oneof(fc.string(), anyValue),
        hookSpecificOutput: fc.oneof(
          fc.record(
            {
              hookEventName: fc.oneof(fc.constant(event), fc.string()),
              permissionDecision: decisionWord,
              permissionDecisionReason: fc.oneof(fc.string(), anyValue),
              additionalContext: fc.oneof(fc.string(), anyValue),
              updatedInput: fc.oneof(fc.constant({ command: "ls -la" }), anyValue),
              decision: fc.oneof(
                fc.record({ behavior: decisionWord, message: fc.string() }, { requiredKeys: [] }),
                anyValue,
              ),
              updatedPermissions: anyValue,
              interrupt: anyValue,
            },
            { requiredKeys: [] },
          ),
          anyValue,
        ),
        extra: anyValue,
      },
      { requiredKeys: [] },
    )
    .chain((document) =>
      fc.subarray(["__proto__", "constructor", "toString", "valueOf"]).map((keys) => {
        // JSON text, so `__proto__` arrives as a key, the way a handler would print it.
        const extra = keys.map((key) => `${JSON.stringify(key)}: {"polluted": true}`);
        const body = JSON.stringify(document).slice(1, -1);
        return `{${[...extra, body].filter((part) => part !== "").join(", ")}}`;
      }),
    );
const invalidUtf8 = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        [0xff],
        [0xfe],
        [0xc0, 0x80],
        [0xed, 0xa0, 0x80],
        [0xe2, 0x82],
        [0xf4, 0x90, 0x80, 0x80],
        [0x80],
      ),
      fc.array(fc.integer({ min: 0x20, max: 0x7e }), { maxLength: 8 }),
    ),
    { maxLength: 20 },
  )
  .map((parts) => new Uint8Array(parts.flat()));

const stdoutArbitrary = (event: string) =>
  fc.oneof(
    { weight: 3, arbitrary: outputDocument(event).map((text) => ({ hex: hex(text) })) },
    {
      weight: 2,
      arbitrary: fc.uint8Array({ maxLength: 4096 }).map((bytes) => ({ hex: hex(bytes) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(outputDocument(event), invalidUtf8)
        .map(([text, bytes]) => ({ hex: hex(Buffer.concat([Buffer.from(text), bytes])) })),
    },
    {
      weight: 1,
      arbitrary: outputDocument(event).map((text) => ({
        hex: hex(`${text.slice(0, -1)}, "nul": "a\u0000b"}\u0000\u0000`),
      })),
    },
    { weight: 1, arbitrary: invalidUtf8.map((bytes) => ({ hex: hex(bytes) })) },
    { weight: 1, arbitrary: fc.constant({ hex: "" }) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 0, max: 1 }).map((index) => ({ file: hugeFiles[index] ?? "" })),
    },
  );
const endingArbitrary: fc.Arbitrary<Ending> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(0, 2).map((code) => ({ kind: "exit" as const, code })) },
  {
    weight: 2,
    arbitrary: fc.integer({ min: 0, max: 255 }).map((code) => ({ kind: "exit" as const, code })),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(...signals).map((signal) => ({ kind: "signal" as const, signal })),
  },
);
const handlerCase = (event: string, ending: fc.Arbitrary<Ending> = endingArbitrary) =>
  fc.record({
    stdout: stdoutArbitrary(event),
    stderrHex: fc.oneof(
      fc.uint8Array({ maxLength: 512 }).map(hex),
      fc.string({ maxLength: 200 }).map(hex),
      invalidUtf8.map(hex),
    ),
    ending,
  });

/** A crash: death by a signal, or an exit code other than 0 and 2. */
const crashEnding: fc.Arbitrary<Ending> = fc.oneof(
  fc.constantFrom(...signals).map((signal) => ({ kind: "signal" as const, signal })),
  fc
    .integer({ min: 1, max: 255 })
    .filter((code) => code !== 2)
    .map((code) => ({ kind: "exit" as const, code })),
);
const exitZero: Ending = { kind: "exit", code: 0 };
/** Output that would decide if the handler had exited 0. */
const decidingOutput = (event: string) =>
  fc
    .constantFrom(
      { hookSpecificOutput: { hookEventName: event, permissionDecision: "allow" } },
      { hookSpecificOutput: { hookEventName: event, permissionDecision: "deny" } },
      { decision: "block", reason: "crashed" },
      { decision: "approve" },
      { hookSpecificOutput: { hookEventName: event, additionalContext: "context" } },
      { systemMessage: "message", continue: false, stopReason: "stop" },
    )
    .map((document) => ({ hex: hex(JSON.stringify(document)) }));

/** Whether a handler case crashed: died by a signal, or exited with a code other than 0 and 2. */
const crashed = (handler: HandlerCase) =>
  handler.ending.kind === "signal" || (handler.ending.code !== 0 && handler.ending.code !== 2);

/** What a dispatch decided and said, without its runs and diagnostics. */
const decided = ({ runs, diagnostics, ...rest }: DispatchResult) => rest;

/** Writes the case `emit-output.sh` reads: the bytes to print, and how to end. */
function writeCase(file: string, handler: HandlerCase): void {
  let stdoutFile = `${file}.stdout`;
  if ("hex" in handler.stdout) writeFileSync(stdoutFile, Buffer.from(handler.stdout.hex, "hex"));
  else stdoutFile = handler.stdout.file;
  writeFileSync(`${file}.stderr`, Buffer.from(handler.stderrHex, "hex"));
  const ending =
    handler.ending.kind === "exit"
      ? `exit ${handler.ending.code}`
      : `signal ${handler.ending.signal}`;
  writeFileSync(file, `${stdoutFile}\n${file}.stderr\n${ending}\n`);
}

const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
const caseFile = (profile: string, event: string, slot: number) =>
  path.join(directory, `${profile}-${event}-${slot}.case`);
const commandFor = (profile: string, event: string, slot: number) =>
  `${quote(fixture)} ${quote(caseFile(profile, event, slot))}`;

/** One configuration file per profile: two handlers (two groups) per fuzzed event. */
function writeConfig(profile: ProfileName, fuzzedEvents: readonly string[]): string {
  const handler = (event: string, slot: number) => ({
    type: "command",
    command: commandFor(profile, event, slot),
  });
  // A flat hook file where the profile's dialect reads one (Cursor, Copilot CLI), spelled by its shape.
  const shape = findFlatHookFileShape(profiles[profile].configLocations[0]?.dialect ?? "");
  const entry = (event: string, slot: number) =>
    shape === undefined
      ? handler(event, slot)
      : { type: "command", [shape.commandKey]: commandFor(profile, event, slot) };
  const hooks: Record<string, unknown[]> = {};
  for (const event of fuzzedEvents) {
    hooks[event] = slots.map((slot) =>
      profile === "vscode" || shape !== undefined
        ? entry(event, slot)
        : { hooks: [handler(event, slot)] },
    );
  }
  const file = path.join(directory, `${profile}-hooks.json`);
  writeFileSync(file, JSON.stringify(shape === undefined ? { hooks } : { version: 1, hooks }));
  return file;
}

function payloadFor(): Record<string, unknown> {
  return {
    session_id: randomUUID(),
    tool_name: "Bash",
    tool_input: { command: "ls" },
    tool_response: { stdout: "" },
    prompt: "hello",
  };
}

/** Checks what every dispatch must satisfy whatever the handlers did; returns the parsed result. */
function checkResult(
  result: DispatchResult,
  event: string,
  profile: Profile,
  cases: readonly HandlerCase[],
): void {
  const spec = profile.events[event];
  if (spec === undefined) throw new Error(`no ${event} in ${profile.name}`);
  // Claude Code reads a crash's JSON as on exit 0: its run's status is then what the JSON decided.
  const readsCrashJson = profile.stdoutJsonExitCodes === "any";
  const parsed = dispatchResultSchema.safeParse(result);
  expect(parsed.success, parsed.success ? "" : z.prettifyError(parsed.error)).toBe(true);
  expect(result.event).toBe(event);
  expect(result.runs).toHaveLength(cases.length);
  const allowed: readonly string[] = decisionsByKind[spec.decisionKind];
  if (result.decision !== null) expect(allowed).toContain(result.decision);
  // A strict profile (Codex) fails exit 2 with nothing on stderr instead of blocking.
  const failsSilentBlock = (handler: HandlerCase) =>
    profile.strictOutput?.reasonRequired === true &&
    spec.blockEffect !== "none" &&
    Buffer.from(handler.stderrHex, "hex").toString("utf8").trim() === "";
  cases.forEach((handler, index) => {
    const run = result.runs[index];
    expect(run?.path).toMatch(new RegExp(`${event}.*\\[${index}\\]`));
    if (handler.ending.kind === "signal") {
      expect(run).toMatchObject({ exitCode: null, signal: handler.ending.signal });
      if (!readsCrashJson) expect(run?.status).toBe("error");
    } else {
      expect(run).toMatchObject({ exitCode: handler.ending.code, signal: null });
      // Exit 2 blocks, unless the event takes it as a plain failing exit (Copilot CLI).
      const blocks = handler.ending.code === 2 && spec.exitTwo !== "failure";
      if (blocks) expect(run?.status).toBe(failsSilentBlock(handler) ? "error" : "blocked");
      else if (handler.ending.code !== 0 && !readsCrashJson) expect(run?.status).toBe("error");
    }
    // A crash is always reported, whether or not its output decided.
    if (crashed(handler)) {
      const reported = result.diagnostics.some(
        (diagnostic) => diagnostic.code === "nonzero_exit" && diagnostic.path === run?.path,
      );
      expect(reported).toBe(true);
    }
  });
  if (cases.every(crashed) && !readsCrashJson) {
    expect(result).toMatchObject({
      decision: null,
      reason: null,
      continue: true,
      stopReason: null,
      systemMessages: [],
      additionalContext: [],
      updatedInput: null,
    });
  }
  const exitTwo =
    spec.exitTwo !== "failure" &&
    cases.some(
      (handler) =>
        handler.ending.kind === "exit" && handler.ending.code === 2 && !failsSilentBlock(handler),
    );
  if (exitTwo && spec.blockEffect === "decide" && result.continue) {
    expect(result.decision).toBe(blockDecision[spec.decisionKind]);
  }
  if (exitTwo && (spec.blockEffect === "feedback" || spec.blockEffect === "unsupported")) {
    expect(result.additionalContext.length).toBeGreaterThan(0);
  }
}

beforeAll(() => {
  // Over the 1 MiB capture limit (never parsed), and under it (parsed, messages capped).
  const over = path.join(directory, "huge-deny.json");
  writeFileSync(
    over,
    JSON.stringify({
      decision: "block",
      hookSpecificOutput: { permissionDecision: "deny", additionalContext: "x".repeat(3_000_000) },
    }),
  );
  const under = path.join(directory, "large-context.json");
  writeFileSync(
    under,
    JSON.stringify({ systemMessage: "m".repeat(900_000), extra: { nested: [1, "two", null] } }),
  );
  hugeFiles.push(over, under);
});

describe.each(Object.keys(profiles) as ProfileName[])("output fuzzing, %s profile", (name) => {
  const profile: Profile = profiles[name];
  // The events by the profile's own names: Claude Code's, or the rows that are them (`stop`).
  const fuzzedEvents = Object.entries(profile.events)
    .filter(([event, spec]) => {
      const canonical = spec.tools === undefined ? (spec.canonical ?? event) : event;
      return spec.configurable && (events as readonly string[]).includes(canonical);
    })
    .map(([event]) => event);
  let engine: HookEngine;
  const home = () => path.join(directory, `${name}-home`);

  beforeAll(async () => {
    const configFile = writeConfig(name, fuzzedEvents);
    engine = await createHookEngine({
      profile: name,
      cwd: directory,
      home: home(),
      configFiles: [configFile],
      bypassHookTrust: true,
    });
    expect(engine.diagnostics.filter((diagnostic) => diagnostic.severity === "error")).toEqual([]);
  });

  afterAll(async () => {
    await engine.close();
  });

  const dispatchCases = async (event: string, cases: readonly HandlerCase[]) => {
    cases.forEach((handler, slot) => {
      writeCase(caseFile(name, event, slot), handler);
    });
    const result = await engine.dispatch(event, payloadFor());
    checkResult(result, event, profile, cases);
    return result;
  };

  it("resolves a well-formed result for any output and any ending, reporting exit codes and signals apart", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...fuzzedEvents)
          .chain((event) =>
            fc.tuple(fc.constant(event), fc.tuple(handlerCase(event), handlerCase(event))),
          ),
        async ([event, cases]) => {
          await dispatchCases(event, cases);
        },
      ),
      fuzzParameters(15),
    );
  });

  const crashTitle =
    profile.stdoutJsonExitCodes === "any"
      ? "lets a crashed handler decide only as its JSON would on exit 0"
      : "never lets a crashed handler decide, whatever it printed before crashing";
  it(crashTitle, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...fuzzedEvents).chain((event) => {
          const crashing = fc.record({
            stdout: decidingOutput(event),
            stderrHex: fc.string({ maxLength: 40 }).map(hex),
            ending: crashEnding,
          });
          return fc.tuple(fc.constant(event), fc.tuple(crashing, crashing));
        }),
        async ([event, cases]) => {
          const result = await dispatchCases(event, cases);
          if (profile.stdoutJsonExitCodes !== "any") return;
          const cleanly = cases.map((handler) => ({ ...handler, ending: exitZero }));
          expect(decided(result)).toEqual(decided(await dispatchCases(event, cleanly)));
        },
      ),
      fuzzParameters(8),
    );
  });
});
