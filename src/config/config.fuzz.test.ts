import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fuzzParameters } from "../../test/fixtures/fuzz/fuzz-runs.js";
import {
  DeepNesting,
  defineKey,
  type JsonStyle,
  serializeJson,
  serializeToml,
  shadowedKeys,
} from "../../test/fixtures/fuzz/serialize-document.js";
import { createSuiteWorkspace } from "../../test/support/create-test-workspace.js";
import type { Diagnostic } from "../diagnostic.js";
import { createHookEngine } from "../engine/engine.js";
import { parseEventHooks } from "../event-stream/parse-event-hooks.js";
import { compileHooks } from "../match/compile-hooks.js";
import { findUnsafePattern } from "../match/find-unsafe-pattern.js";
import { type ProfileName, profiles } from "../profiles/profiles.js";
import { formatJsonPath } from "../shared/format-json-path.js";
import { loadConfig } from "./load-config.js";

// Config fuzzing: every dialect gets random documents in which valid handlers sit among handlers,
// groups and events made invalid at every path (wrong types, prototype keys, duplicate keys,
// invalid and catastrophic regular expressions), with huge strings, deep nesting and unicode as
// noise. Each is written to a temporary file and loaded through the real discovery and parsers.

/** Marks a field to leave out of a handler or group. */
const absent = Symbol("absent");
type FieldValue = unknown;

/** The tool name matchers are tested against: long enough to make a catastrophic pattern hang. */
const longToolName = `${"a".repeat(64)}!`;

type Syntax = "json" | "jsonc" | "toml";

interface DialectCase {
  name: string;
  profile: ProfileName;
  fileName: string;
  syntax: Syntax;
  /** `groups`: event → matcher groups → handlers; `entries`: event → flat command entries. */
  shape: "groups" | "entries";
  event: string;
  /** A known event given a value of the wrong type. */
  otherEvent: string;
  validHandler: (command: string) => Record<string, unknown>;
  /** Values of each handler field that make the handler rejected. */
  rejecting: Readonly<Record<string, readonly FieldValue[]>>;
  /** Fields a valid handler may carry without being rejected. */
  harmless: Readonly<Record<string, fc.Arbitrary<unknown>>>;
  wrap: (hooks: Record<string, unknown>) => Record<string, unknown>;
}

const notAnObject = [5, "x", [], true, null] as const;
const wrongTimeouts = [0, -1, "5", true, {}] as const;
const unicodeText = fc.string({ unit: "grapheme", maxLength: 40 });
const hugeText = fc.integer({ min: 10_000, max: 200_000 }).map((size) => "é".repeat(size));
const statusMessage = fc.oneof(unicodeText, hugeText);

const dialects: readonly DialectCase[] = [
  {
    name: "deepagents hooks.json",
    profile: "deepagents",
    fileName: "hooks.json",
    syntax: "json",
    shape: "groups",
    event: "PreToolUse",
    otherEvent: "PostToolUse",
    validHandler: (command) => ({ type: "command", command }),
    rejecting: {
      type: [absent, 5, "prompt", "shell", ""],
      command: [absent, 5, "", "   ", true, {}, [], [1]],
      timeout: wrongTimeouts,
      statusMessage: [5, true, {}],
      persistent: ["yes", 1],
      if: ["Bash(", "", "(((("],
    },
    harmless: { timeout: fc.integer({ min: 1, max: 600 }), statusMessage },
    wrap: (hooks) => ({ hooks }),
  },
  {
    name: "zerocode hooks.json",
    profile: "zerocode",
    fileName: "hooks.json",
    syntax: "json",
    shape: "groups",
    event: "PreToolUse",
    otherEvent: "PostToolUse",
    validHandler: (command) => ({ type: "command", command }),
    rejecting: {
      type: [absent, 5, "prompt", "shell"],
      command: [absent, 5, "", "   ", true, {}, ["true"]],
      timeout: wrongTimeouts,
      statusMessage: [5, true],
      additionalContextLimit: [-1, 1.5, "3"],
      async: [true],
      persistent: ["yes"],
    },
    harmless: { timeout: fc.integer({ min: 1, max: 600 }), statusMessage },
    wrap: (hooks) => ({ hooks }),
  },
  {
    name: "zerocode config.toml [hooks]",
    profile: "zerocode",
    fileName: "config.toml",
    syntax: "toml",
    shape: "groups",
    event: "PreToolUse",
    otherEvent: "PostToolUse",
    validHandler: (command) => ({ type: "command", command }),
    rejecting: {
      type: [absent, 5, "prompt", "shell"],
      command: [absent, 5, "", "   ", true, {}, ["true"]],
      timeout: [0, -1, "5", true],
      statusMessage: [5, true],
      additionalContextLimit: [-1, 1.5],
      async: [true],
    },
    harmless: { timeout: fc.integer({ min: 1, max: 600 }), statusMessage: unicodeText },
    wrap: (hooks) => ({ model: "o3", features: { hooks: true }, hooks }),
  },
  {
    name: "vscode Local",
    profile: "vscode",
    fileName: "local.json",
    syntax: "jsonc",
    shape: "entries",
    event: "PreToolUse",
    otherEvent: "PostToolUse",
    validHandler: (command) => ({ type: "command", command }),
    rejecting: {
      type: [absent, 5, "prompt"],
      command: [absent, 5, "", "   ", true, {}],
      linux: [5, true],
      timeout: wrongTimeouts,
      env: [5, { A: 1 }, "x"],
      cwd: [5, ""],
      persistent: ["yes"],
    },
    harmless: { timeout: fc.integer({ min: 1, max: 30 }), env: fc.constant({ FUZZ: "é" }) },
    wrap: (hooks) => ({ hooks }),
  },
  {
    name: "vscode Copilot CLI",
    profile: "vscode",
    fileName: "copilot.json",
    syntax: "jsonc",
    shape: "entries",
    event: "preToolUse",
    otherEvent: "postToolUse",
    validHandler: (command) => ({ type: "command", bash: command }),
    rejecting: {
      type: [absent, 5, "prompt"],
      bash: [absent, 5, "", true],
      timeoutSec: [0, -1, "5"],
      env: [5, { A: 1 }],
      persistent: ["yes"],
    },
    harmless: { timeoutSec: fc.integer({ min: 1, max: 30 }), comment: unicodeText },
    wrap: (hooks) => ({ version: 1, hooks }),
  },
  {
    name: "vscode Claude format",
    profile: "vscode",
    fileName: "claude-format.json",
    syntax: "jsonc",
    shape: "groups",
    event: "PreToolUse",
    otherEvent: "PostToolUse",
    validHandler: (command) => ({ type: "command", command }),
    rejecting: {
      type: [absent, 5, "prompt"],
      command: [absent, 5, "", "   "],
      timeout: [0, -1, "5"],
      statusMessage: [5],
      if: ["Bash("],
    },
    harmless: { timeout: fc.integer({ min: 1, max: 30 }), statusMessage },
    wrap: (hooks) => ({ hooks }),
  },
  {
    name: "claude settings.json",
    profile: "claude",
    fileName: "settings.json",
    syntax: "json",
    shape: "groups",
    event: "PreToolUse",
    otherEvent: "PostToolUse",
    validHandler: (command) => ({ type: "command", command }),
    rejecting: {
      type: [absent, 5, "prompt", "shell"],
      command: [absent, 5, "", "   ", true, {}, ["true"]],
      timeout: wrongTimeouts,
      statusMessage: [5, true],
      if: ["Bash(", ""],
      persistent: ["yes"],
      args: [5, [1]],
      shell: ["zsh"],
    },
    harmless: { timeout: fc.integer({ min: 1, max: 600 }), statusMessage },
    wrap: (hooks) => ({ model: "opus", permissions: { allow: ["Bash(ls)"] }, hooks }),
  },
];

const catastrophicMatchers = fc.oneof(
  fc.constantFrom(
    "(a+)+$",
    "(a|aa)+$",
    "(.*a){20}",
    "([a-z]+)*$",
    "(a*)*b",
    "(\\w+\\s?)+$",
    "^(a|a?)+$",
    "(x+x+)+y",
    "(.*){1,32000}[bc]",
    "^(a|ab|b)*c$",
  ),
  fc
    .tuple(fc.constantFrom("a", "[a-z]", "\\w", ".", "(?:a)"), fc.integer({ min: 2, max: 40 }))
    .chain(([atom, count]) =>
      fc.constantFrom(
        `(${atom}+)+$`,
        `(${atom}|${atom}${atom})+$`,
        `(.*${atom}){${count}}`,
        `^(${atom}*)*!x`,
        `(${atom}|${atom}?){${count},}$`,
      ),
    ),
);
const invalidMatchers = fc.oneof(
  fc.constantFrom("(", "[", "a{2,1}", "(?<", "*a", "\\"),
  // Valid syntax, but too large for the engine to compile.
  fc.integer({ min: 50_000, max: 80_000 }).map((size) => `(${"x".repeat(size)})|.*`),
);
/** Matchers that select the long tool name (and everything else). */
const validMatchers = fc.oneof(
  fc.constantFrom<string | typeof absent>(absent, "*", "", ".*", "^a+!?$"),
  fc.integer({ min: 1_000, max: 20_000 }).map((size) => `(${"x".repeat(size)})|.*`),
);
const noiseKeys = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "ünïcødé"),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }).map((key) => `x-${key}`),
  fc.integer({ min: 1_000, max: 20_000 }).map((size) => `k${"k".repeat(size)}`),
);
const noiseValue = (syntax: Syntax) =>
  fc.oneof(
    fc
      .integer({ min: 1, max: syntax === "toml" ? 200 : 3_000 })
      .map((depth) => new DeepNesting(depth)),
    unicodeText,
    fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.integer(), fc.string())),
    fc.array(fc.integer(), { maxLength: 4 }),
  );

type HandlerPlan =
  | { kind: "valid"; harmless: [string, unknown][]; noise: [string, unknown][]; shadow: boolean }
  | { kind: "field"; field: string; value: FieldValue }
  | { kind: "whole"; value: unknown }
  | { kind: "prototype" };
type GroupPlan =
  | { kind: "valid"; matcher: string | typeof absent; handlers: HandlerPlan[] }
  | { kind: "matcher"; matcher: unknown; handlers: HandlerPlan[] }
  | { kind: "hooks"; value: FieldValue; handlers: HandlerPlan[] }
  | { kind: "whole"; value: unknown; handlers: HandlerPlan[] }
  | { kind: "prototype"; handlers: HandlerPlan[] };
interface DocumentPlan {
  groups: GroupPlan[];
  foreignEvents: { name: string; groups: GroupPlan[] }[];
  brokenOtherEvent: unknown;
  rootPrototype: boolean;
  rootShadow: boolean;
  rootNoise: [string, unknown][];
  style: JsonStyle;
}

const tomlSafe = (syntax: Syntax) => (value: unknown) =>
  syntax !== "toml" || (value !== null && value !== absent);

function handlerPlan(dialect: DialectCase): fc.Arbitrary<HandlerPlan> {
  const { syntax } = dialect;
  const rejecting = Object.entries(dialect.rejecting).flatMap(([field, values]) =>
    values.filter(tomlSafe(syntax)).map((value) => ({ field, value })),
  );
  const harmlessEntries = fc
    .subarray(Object.keys(dialect.harmless))
    .chain((fields) =>
      fc.tuple(
        ...fields.map((field) =>
          fc.tuple(fc.constant(field), dialect.harmless[field] ?? fc.constant(1)),
        ),
      ),
    );
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant("valid" as const),
        harmless: harmlessEntries,
        noise: fc.array(fc.tuple(noiseKeys, noiseValue(syntax)), { maxLength: 2 }),
        shadow: fc.boolean().map((shadow) => shadow && syntax !== "toml"),
      }),
    },
    {
      weight: 3,
      arbitrary: fc
        .constantFrom(...rejecting)
        .map(({ field, value }) => ({ kind: "field" as const, field, value })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...notAnObject.filter(tomlSafe(syntax)))
        .map((value) => ({ kind: "whole" as const, value })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: "prototype" as const }) },
  );
}

function groupPlan(dialect: DialectCase): fc.Arbitrary<GroupPlan> {
  const handlers = fc.array(handlerPlan(dialect), { minLength: 1, maxLength: 3 });
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant("valid" as const),
        matcher: validMatchers,
        handlers,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("matcher" as const),
        matcher: fc.oneof(
          catastrophicMatchers,
          invalidMatchers,
          fc.constantFrom<unknown>(5, true, {}, []),
        ),
        handlers,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("hooks" as const),
        value: fc.constantFrom<FieldValue>(absent, 5, {}, "x").filter(tomlSafe(dialect.syntax)),
        handlers,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("whole" as const),
        value: fc.constantFrom<unknown>(...notAnObject).filter(tomlSafe(dialect.syntax)),
        handlers,
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("prototype" as const), handlers }) },
  );
}

function documentPlan(dialect: DialectCase): fc.Arbitrary<DocumentPlan> {
  const groups =
    dialect.shape === "groups"
      ? fc
          .array(groupPlan(dialect), { minLength: 1, maxLength: 4 })
          // VS Code reads a file as Claude format only when some group holds a hooks list.
          .filter(
            (planned) =>
              dialect.profile !== "vscode" ||
              planned.some((group) => group.kind === "valid" || group.kind === "matcher"),
          )
      : fc
          .array(handlerPlan(dialect), { minLength: 1, maxLength: 6 })
          .map((handlers) =>
            handlers.map(
              (handler): GroupPlan => ({ kind: "valid", matcher: absent, handlers: [handler] }),
            ),
          );
  const knownNames = new Set([
    ...Object.keys(profiles[dialect.profile].events),
    "preToolUse",
    "postToolUse",
    "sessionStart",
    "userPromptSubmitted",
    "userPromptSubmit",
    "agentStop",
    "subagentStart",
    "subagentStop",
    "preCompact",
  ]);
  const foreignName = fc
    .oneof(
      fc.constantFrom(
        "__proto__",
        "constructor",
        "toString",
        "hasOwnProperty",
        "Pre Tool Use",
        "préToolUse",
      ),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }),
    )
    .filter((name) => !knownNames.has(name));
  return fc.record({
    groups,
    foreignEvents: fc.uniqueArray(
      fc.record({ name: foreignName, groups: fc.array(groupPlan(dialect), { maxLength: 2 }) }),
      { maxLength: 2, selector: (event) => event.name },
    ),
    brokenOtherEvent: fc.constantFrom<unknown>(absent, 5, "x", {}).filter(tomlSafe(dialect.syntax)),
    rootPrototype: fc.boolean(),
    rootShadow: fc.boolean().map((shadow) => shadow && dialect.syntax !== "toml"),
    rootNoise: fc.array(
      fc.tuple(
        noiseKeys.filter((key) => key !== "hooks"),
        noiseValue(dialect.syntax),
      ),
      {
        maxLength: 2,
      },
    ),
    style: fc
      .record({ comments: fc.boolean(), trailingCommas: fc.boolean() })
      .map((style) =>
        dialect.syntax === "jsonc" ? style : { comments: false, trailingCommas: false },
      ),
  });
}

/** What loading a built document must give. */
interface Expectation {
  /** Commands that must load and match the long tool name. */
  runs: string[];
  /** Commands that must never load. */
  never: string[];
  /** JSON paths at or under which a diagnostic must be reported. */
  rejected: string[];
}

/** Turns a plan into a document model and what loading it must give. */
function buildDocument(
  dialect: DialectCase,
  plan: DocumentPlan,
): { document: Record<string, unknown>; expectation: Expectation } {
  const expectation: Expectation = { runs: [], never: [], rejected: [] };
  let counter = 0;
  const nextCommand = (label: string) => {
    counter += 1;
    return `true ${label}-${counter}`;
  };
  const neverGroup = (): Record<string, unknown> => {
    const command = nextCommand("never");
    expectation.never.push(command);
    const handler = dialect.validHandler(command);
    return dialect.shape === "groups" ? { hooks: [handler] } : handler;
  };

  // Only an item whose containers load gets its own diagnostic; a dropped container covers it.
  const reject = (at: (string | number)[], live: boolean) => {
    if (live) expectation.rejected.push(formatJsonPath(at));
  };
  const buildHandler = (handler: HandlerPlan, at: (string | number)[], live: boolean): unknown => {
    if (handler.kind === "whole") {
      reject(at, live);
      return handler.value;
    }
    if (handler.kind === "prototype") {
      // Fields only under `__proto__` are no fields: the handler has no type.
      const command = nextCommand("never");
      expectation.never.push(command);
      reject(at, live);
      return defineKey({}, "__proto__", dialect.validHandler(command));
    }
    const command = nextCommand(live && handler.kind === "valid" ? "valid" : "never");
    const built = dialect.validHandler(command);
    if (handler.kind === "field") {
      expectation.never.push(command);
      reject(at, live);
      if (handler.value === absent) delete built[handler.field];
      else built[handler.field] = handler.value;
      return built;
    }
    (live ? expectation.runs : expectation.never).push(command);
    for (const [field, value] of handler.harmless) built[field] = value;
    for (const [key, value] of handler.noise) {
      if (!Object.hasOwn(built, key)) defineKey(built, key, value);
    }
    if (handler.shadow) {
      const commandKey = Object.keys(built).find((key) => key === "command" || key === "bash");
      if (commandKey !== undefined) shadowedKeys.set(built, [[commandKey, 5]]);
    }
    return built;
  };

  const buildGroups = (groups: GroupPlan[], at: (string | number)[], liveEvent: boolean) =>
    groups.map((group, groupIndex) => {
      const groupAt = [...at, groupIndex];
      if (dialect.shape === "entries") {
        const [only] = group.handlers;
        return buildHandler(only ?? { kind: "whole", value: 5 }, groupAt, liveEvent);
      }
      const live = liveEvent && group.kind === "valid";
      if (group.kind !== "valid") reject(groupAt, liveEvent);
      const handlers = group.handlers.map((handler, handlerIndex) =>
        buildHandler(handler, [...groupAt, "hooks", handlerIndex], live),
      );
      switch (group.kind) {
        case "valid":
          return group.matcher === absent
            ? { hooks: handlers }
            : { matcher: group.matcher, hooks: handlers };
        case "matcher":
          return { matcher: group.matcher, hooks: handlers };
        case "hooks":
          return group.value === absent ? { matcher: "*" } : { matcher: "*", hooks: group.value };
        case "whole":
          return group.value;
        case "prototype":
          return defineKey({ matcher: "*" }, "__proto__", { hooks: handlers });
      }
      return group satisfies never;
    });

  const hooks: Record<string, unknown> = {};
  hooks[dialect.event] = buildGroups(plan.groups, ["hooks", dialect.event], true);
  if (plan.brokenOtherEvent !== absent) {
    hooks[dialect.otherEvent] = plan.brokenOtherEvent;
    expectation.rejected.push(formatJsonPath(["hooks", dialect.otherEvent]));
  }
  for (const foreign of plan.foreignEvents) {
    defineKey(hooks, foreign.name, [
      ...buildGroups(foreign.groups, ["hooks", foreign.name], false),
      neverGroup(),
    ]);
    expectation.rejected.push(formatJsonPath(["hooks", foreign.name]));
  }
  const document = dialect.wrap(hooks);
  for (const [key, value] of plan.rootNoise) {
    if (!Object.hasOwn(document, key)) defineKey(document, key, value);
  }
  if (plan.rootPrototype) {
    defineKey(document, "__proto__", { hooks: { [dialect.event]: [neverGroup()] } });
  }
  if (plan.rootShadow) {
    // An earlier duplicate `hooks` key loses to the later one.
    shadowedKeys.set(document, [["hooks", { [dialect.event]: [neverGroup()] }]]);
  }
  return { document, expectation };
}

function serialize(
  dialect: DialectCase,
  plan: DocumentPlan,
  document: Record<string, unknown>,
): string {
  return dialect.syntax === "toml" ? serializeToml(document) : serializeJson(document, plan.style);
}

/** Object.prototype, Array.prototype and Function.prototype keys, to detect pollution. */
function describePrototypes(): string[] {
  return [Object.prototype, Array.prototype, Function.prototype].map((prototype) =>
    Reflect.ownKeys(prototype).map(String).sort().join(","),
  );
}

/** Runs `body` while recording the source of every RegExp that is executed. */
function recordExecutedPatterns<T>(body: () => T): { value: T; sources: string[] } {
  const sources: string[] = [];
  const { exec } = RegExp.prototype;
  RegExp.prototype.exec = function recordExec(this: RegExp, text: string) {
    sources.push(this.source);
    return exec.call(this, text);
  };
  try {
    return { value: body(), sources };
  } finally {
    RegExp.prototype.exec = exec;
  }
}

const isAtOrUnder = (found: string, expected: string) =>
  found === expected || found.startsWith(`${expected}.`) || found.startsWith(`${expected}[`);

function expectDiagnosedAt(
  diagnostics: readonly Diagnostic[],
  file: string,
  paths: readonly string[],
) {
  for (const expected of paths) {
    const found = diagnostics.some(
      (diagnostic) =>
        diagnostic.file === file &&
        diagnostic.path !== null &&
        isAtOrUnder(diagnostic.path, expected),
    );
    expect(
      found,
      `no diagnostic at ${expected} in ${JSON.stringify(diagnostics.map((d) => [d.code, d.path]))}`,
    ).toBe(true);
  }
}

const prototypesBefore = describePrototypes();
const directory = createSuiteWorkspace("config-fuzz").root;
let caseCount = 0;

/** A fresh case folder: the file, an empty home and a cwd outside any git repository. */
function prepareCase(dialect: DialectCase, text: string) {
  caseCount += 1;
  const root = path.join(directory, `case-${caseCount}`);
  const home = path.join(root, "home");
  const cwd = path.join(root, "work");
  mkdirSync(home, { recursive: true });
  mkdirSync(cwd, { recursive: true });
  const file = path.join(root, dialect.fileName);
  writeFileSync(file, text);
  return { root, home, cwd, file };
}

describe.each(dialects)("config fuzzing: $name", (dialect) => {
  const profile = profiles[dialect.profile];

  it("loads valid handlers among invalid ones, diagnoses every rejected item at its path, and never pollutes prototypes", async () => {
    await fc.assert(
      fc.asyncProperty(documentPlan(dialect), async (plan) => {
        const { document, expectation } = buildDocument(dialect, plan);
        const { home, cwd, file, root } = prepareCase(dialect, serialize(dialect, plan, document));
        const loaded = await loadConfig(profile, { home, cwd, configFiles: [file] });
        const compiled = compileHooks(loaded.definitions, profile);
        const diagnostics = [...loaded.diagnostics, ...compiled.diagnostics];
        const matched = recordExecutedPatterns(() =>
          (compiled.byEvent.get("PreToolUse") ?? [])
            .filter((hook) => hook.matcher.test(longToolName))
            .map((hook) => hook.definition.command),
        );
        expect(matched.value.sort()).toEqual([...expectation.runs].sort());
        const loadedCommands = new Set(
          [...compiled.byEvent.values()].flat().map((hook) => String(hook.definition.command)),
        );
        for (const command of expectation.never) expect(loadedCommands).not.toContain(command);
        expectDiagnosedAt(diagnostics, file, expectation.rejected);
        for (const diagnostic of diagnostics) expect(diagnostic.file).toBe(file);
        // An unsafe matcher is refused at load: none is ever executed.
        for (const source of matched.sources) expect(findUnsafePattern(source)).toBeNull();
        expect(describePrototypes()).toEqual(prototypesBefore);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        rmSync(root, { recursive: true, force: true });
      }),
      fuzzParameters(30),
    );
  });

  it("never throws on damaged text: truncated, with flipped bytes, or random bytes", async () => {
    const damagedText = documentPlan(dialect).chain((plan) => {
      const text = serialize(dialect, plan, buildDocument(dialect, plan).document);
      const bytes = Buffer.from(text);
      return fc.oneof(
        fc.nat({ max: bytes.length }).map((end) => bytes.subarray(0, end)),
        fc
          .array(
            fc.tuple(
              fc.nat({ max: Math.max(0, bytes.length - 1) }),
              fc.integer({ min: 0, max: 255 }),
            ),
            {
              minLength: 1,
              maxLength: 8,
            },
          )
          .map((flips) => {
            const copy = Buffer.from(bytes);
            for (const [index, value] of flips) copy[index] = value;
            return copy;
          }),
        fc.uint8Array({ maxLength: 2048 }).map((random) => Buffer.from(random)),
      );
    });
    await fc.assert(
      fc.asyncProperty(damagedText, async (bytes) => {
        const { home, cwd, file, root } = prepareCase(dialect, "");
        writeFileSync(file, bytes);
        const loaded = await loadConfig(profile, { home, cwd, configFiles: [file] });
        const compiled = compileHooks(loaded.definitions, profile);
        for (const diagnostic of [...loaded.diagnostics, ...compiled.diagnostics]) {
          expect(diagnostic.file).toBe(file);
        }
        expect(describePrototypes()).toEqual(prototypesBefore);
        rmSync(root, { recursive: true, force: true });
      }),
      fuzzParameters(20),
    );
  });

  it("dispatches to the surviving valid handlers through the engine, even with catastrophic matchers beside them", async () => {
    await fc.assert(
      fc.asyncProperty(documentPlan(dialect), async (plan) => {
        const { document, expectation } = buildDocument(dialect, plan);
        const { home, cwd, file, root } = prepareCase(dialect, serialize(dialect, plan, document));
        const engine = await createHookEngine({
          profile: dialect.profile,
          home,
          cwd,
          configFiles: [file],
          bypassHookTrust: true,
        });
        const result = await engine.dispatch("PreToolUse", {
          tool_name: longToolName,
          tool_input: { command: "ls" },
        });
        await engine.close();
        expect(result.runs.map((run) => String(run.command)).sort()).toEqual(
          [...expectation.runs].sort(),
        );
        for (const run of result.runs) expect(run.status).toBe("ok");
        expectDiagnosedAt(engine.diagnostics, file, expectation.rejected);
        expect(describePrototypes()).toEqual(prototypesBefore);
        rmSync(root, { recursive: true, force: true });
      }),
      fuzzParameters(6),
    );
  });
});

describe.each(dialects)("config fuzzing, nesting too deep to parse: $name", (dialect) => {
  it("loads the valid handler or refuses the whole file with a file-level diagnostic, never throwing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 5_000, max: 200_000 }),
        fc.boolean(),
        async (depth, closed) => {
          const document = dialect.wrap({
            [dialect.event]: [
              dialect.shape === "groups"
                ? { hooks: [dialect.validHandler("true valid-deep")] }
                : dialect.validHandler("true valid-deep"),
            ],
          });
          const nesting = closed ? "[".repeat(depth) + "]".repeat(depth) : "[".repeat(depth);
          const text =
            dialect.syntax === "toml"
              ? `${serializeToml(document)}\nnested = ${nesting}\n`
              : `{"x-nested": ${nesting}, ${serializeJson(document, { comments: false, trailingCommas: false }).slice(1)}`;
          const { home, cwd, file, root } = prepareCase(dialect, text);
          const loaded = await loadConfig(profiles[dialect.profile], {
            home,
            cwd,
            configFiles: [file],
          });
          const commands = loaded.definitions.map((definition) => String(definition.command));
          if (commands.length === 0) {
            const fileLevel = loaded.diagnostics.filter(
              (diagnostic) =>
                diagnostic.file === file &&
                (diagnostic.code === "invalid_json" || diagnostic.code === "invalid_toml"),
            );
            expect(fileLevel).toHaveLength(1);
          } else {
            expect(closed).toBe(true);
            expect(commands).toEqual(["true valid-deep"]);
          }
          expect(describePrototypes()).toEqual(prototypesBefore);
          rmSync(root, { recursive: true, force: true });
        },
      ),
      fuzzParameters(4),
    );
  });
});

describe("config fuzzing: Deep Agents event-stream list form", () => {
  const eventNames = ["session.start", "tool.use", "tool.result", "user.prompt"] as const;
  type Entry =
    | { kind: "valid"; events: string[] | null | typeof absent; noise: [string, unknown][] }
    | { kind: "command"; value: unknown }
    | { kind: "events"; value: unknown }
    | { kind: "whole"; value: unknown };
  const entry: fc.Arbitrary<Entry> = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("valid" as const),
        events: fc.oneof(
          fc.constant<typeof absent | null>(absent),
          fc.constant(null),
          fc.subarray([...eventNames]),
        ),
        noise: fc.array(fc.tuple(noiseKeys, noiseValue("json")), { maxLength: 2 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom<unknown>(absent, "true x", [], [1], 5, {}, ["", "x"], null)
        .map((value) => ({ kind: "command" as const, value })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom<unknown>(5, "tool.use", [1], {}, [null])
        .map((value) => ({ kind: "events" as const, value })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom<unknown>(...notAnObject)
        .map((value) => ({ kind: "whole" as const, value })),
    },
  );

  it("loads valid entries among invalid ones with the list-form parser, and no decision hooks", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(entry, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        async (entries, rootPrototype) => {
          const expected: string[] = [];
          const rejected: string[] = [];
          const hooks = entries.map((planned, index) => {
            const command = ["true", `entry-${index}`];
            if (planned.kind === "whole") {
              rejected.push(formatJsonPath(["hooks", index]));
              return planned.value;
            }
            const built: Record<string, unknown> = { command };
            if (planned.kind === "valid") {
              expected.push(command.join(" "));
              if (planned.events !== absent) built.events = planned.events;
              for (const [key, value] of planned.noise) {
                if (!Object.hasOwn(built, key)) defineKey(built, key, value);
              }
              return built;
            }
            rejected.push(formatJsonPath(["hooks", index]));
            if (planned.kind === "command") {
              if (planned.value === absent) delete built.command;
              else built.command = planned.value;
            } else built.events = planned.value;
            return built;
          });
          const document: Record<string, unknown> = { hooks };
          if (rootPrototype)
            defineKey(document, "__proto__", { hooks: [{ command: ["true", "never"] }] });
          const dialect = dialects[0] as DialectCase;
          const { home, cwd, file, root } = prepareCase(
            dialect,
            serializeJson(document, { comments: false, trailingCommas: false }),
          );
          const parsed = parseEventHooks(JSON.parse(readFileSync(file, "utf8")), file);
          expect(parsed.hooks.map((hook) => hook.command.join(" "))).toEqual(expected);
          expectDiagnosedAt(parsed.diagnostics, file, rejected);
          const loaded = await loadConfig(profiles.deepagents, { home, cwd, configFiles: [file] });
          expect(loaded.definitions).toEqual([]);
          expect(loaded.diagnostics.map((diagnostic) => diagnostic.code)).toContain(
            "list_form_config",
          );
          expect(describePrototypes()).toEqual(prototypesBefore);
          rmSync(root, { recursive: true, force: true });
        },
      ),
      fuzzParameters(30),
    );
  });
});

describe("config fuzzing: ZeroCode plugin manifests", () => {
  type ManifestEntry =
    | { kind: "inside"; nested: boolean }
    | { kind: "inline"; wrapped: boolean }
    | { kind: "escape"; form: "parent" | "dotted" | "absolute" | "bare" }
    | { kind: "symlink"; to: "file" | "directory" }
    | { kind: "missing" }
    | { kind: "wrong"; value: unknown };
  const manifestEntry: fc.Arbitrary<ManifestEntry> = fc.oneof(
    fc.record({ kind: fc.constant("inside" as const), nested: fc.boolean() }),
    fc.record({ kind: fc.constant("inline" as const), wrapped: fc.boolean() }),
    fc.record({
      kind: fc.constant("escape" as const),
      form: fc.constantFrom(
        "parent" as const,
        "dotted" as const,
        "absolute" as const,
        "bare" as const,
      ),
    }),
    fc.record({
      kind: fc.constant("symlink" as const),
      to: fc.constantFrom("file" as const, "directory" as const),
    }),
    fc.constant({ kind: "missing" as const }),
    fc.record({
      kind: fc.constant("wrong" as const),
      value: fc.constantFrom<unknown>(5, null, true, "hooks/hooks.json"),
    }),
  );
  const hooksFile = (command: string) =>
    JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: "command", command }] }] } });

  it("loads hooks inside the plugin root and refuses every path that escapes it, with the manifest path", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(manifestEntry, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        async (entries, asList) => {
          const used = asList ? entries : entries.slice(0, 1);
          const dialect = dialects[1] as DialectCase;
          const { home, cwd, root } = prepareCase(dialect, "{}");
          const zerotwo = path.join(home, ".zerotwo");
          const pluginRoot = path.join(zerotwo, "plugins", "fuzzed");
          const outside = path.join(root, "outside");
          mkdirSync(path.join(pluginRoot, ".codex-plugin"), { recursive: true });
          mkdirSync(path.join(pluginRoot, "hooks"), { recursive: true });
          mkdirSync(outside, { recursive: true });
          writeFileSync(path.join(zerotwo, "config.toml"), '[plugins."fuzzed"]\nenabled = true\n');
          const expected: string[] = [];
          const never: string[] = [];
          const rejected: string[] = [];
          const manifestHooks = used.map((entry, index) => {
            const at = formatJsonPath(asList ? ["hooks", index] : ["hooks"]);
            const command = `true plugin-${index}`;
            switch (entry.kind) {
              case "inside": {
                const relative = entry.nested
                  ? `./hooks/deep/h${index}.json`
                  : `./hooks/h${index}.json`;
                mkdirSync(path.dirname(path.join(pluginRoot, relative)), { recursive: true });
                writeFileSync(path.join(pluginRoot, relative), hooksFile(command));
                expected.push(command);
                return relative;
              }
              case "inline": {
                expected.push(command);
                const events = { PreToolUse: [{ hooks: [{ type: "command", command }] }] };
                return entry.wrapped ? { hooks: events } : events;
              }
              case "escape": {
                const target = path.join(outside, `h${index}.json`);
                writeFileSync(target, hooksFile(command));
                never.push(command);
                rejected.push(at);
                const relativeTarget = path.relative(pluginRoot, target);
                if (entry.form === "parent") return `./${relativeTarget}`;
                if (entry.form === "dotted") return `./hooks/../${relativeTarget}`;
                if (entry.form === "absolute") return target;
                return relativeTarget;
              }
              case "symlink": {
                never.push(command);
                rejected.push(at);
                if (entry.to === "file") {
                  const target = path.join(outside, `linked${index}.json`);
                  writeFileSync(target, hooksFile(command));
                  symlinkSync(target, path.join(pluginRoot, `link${index}.json`));
                  return `./link${index}.json`;
                }
                const directory = path.join(outside, `directory${index}`);
                mkdirSync(directory);
                writeFileSync(path.join(directory, "hooks.json"), hooksFile(command));
                symlinkSync(directory, path.join(pluginRoot, `linked-directory${index}`));
                return `./linked-directory${index}/hooks.json`;
              }
              case "missing":
                rejected.push(at);
                return `./hooks/missing${index}.json`;
              case "wrong":
                rejected.push(at);
                return entry.value;
            }
            return entry satisfies never;
          });
          const manifestFile = path.join(pluginRoot, ".codex-plugin", "plugin.json");
          writeFileSync(
            manifestFile,
            JSON.stringify({ name: "fuzzed", hooks: asList ? manifestHooks : manifestHooks[0] }),
          );
          const loaded = await loadConfig(profiles.zerocode, {
            home,
            cwd,
            systemDir: path.join(root, "system"),
          });
          const compiled = compileHooks(loaded.definitions, profiles.zerocode);
          const commands = (compiled.byEvent.get("PreToolUse") ?? []).map((hook) =>
            String(hook.definition.command),
          );
          expect([...commands].sort()).toEqual([...expected].sort());
          for (const command of never) expect(commands).not.toContain(command);
          expectDiagnosedAt(loaded.diagnostics, manifestFile, rejected);
          expect(describePrototypes()).toEqual(prototypesBefore);
          rmSync(root, { recursive: true, force: true });
        },
      ),
      fuzzParameters(20),
    );
  });
});
