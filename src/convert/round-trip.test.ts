import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fuzzParameters } from "../../test/fixtures/fuzz/fuzz-runs.js";
import type { ConversionIssue } from "./conversion-issue.js";
import { convertHooks } from "./convert-hooks.js";
import { describeCanonicalEvent } from "./event-catalog.js";
import { findHandlerKey, type HookFormat } from "./hook-format.js";
import { hookFormats } from "./hook-formats.js";
import { parseExactMatcher, parseRegexMatcher } from "./matcher-shape.js";
import {
  type DocumentSyntax,
  formatNames,
  type Platform,
  type PortableCommand,
  type PortableHook,
  type PortableHookSet,
} from "./portable-hooks.js";

interface Variant {
  format: HookFormat;
  syntax: DocumentSyntax;
}

/** Every format in every syntax it is written in (ZeroCode twice: hooks.json and config.toml). */
const variants: Variant[] = formatNames.flatMap((name) =>
  hookFormats[name].syntaxes.map((syntax) => ({ format: hookFormats[name], syntax })),
);

const pairs = variants.flatMap((a) => variants.map((b) => [a, b] as const));

function describeVariant({ format, syntax }: Variant): string {
  return format.syntaxes.length > 1 ? `${format.name} ${syntax}` : format.name;
}

const toolMatchers = [
  "Bash",
  "Edit|Write",
  "Read|Grep|Glob",
  "mcp__github__create_issue",
  "mcp__.*",
  "^Bash$",
  "*",
];
const otherMatchers: Readonly<Record<string, readonly string[]>> = {
  SessionStart: ["startup|resume", "compact"],
  SessionEnd: ["other"],
  SubagentStart: ["general-purpose", "Plan"],
  SubagentStop: ["general-purpose", "Plan"],
  PreCompact: ["manual|auto"],
  PostCompact: ["manual"],
  Notification: ["permission_prompt|idle_prompt"],
};
const timeouts = [0.5, 1, 3, 10, 30, 600];
const allPlatforms: readonly Platform[] = ["windows", "linux", "osx"];
const lower = "abcdefghijklmnopqrstuvwxyz";
const upper = lower.toUpperCase();
const digits = "0123456789";
/**
 * One character of `first`, then up to `maxLength` of `rest`. Built from characters rather than
 * with `fc.stringMatching`, whose regular-expression arbitrary took four fifths of this file's time.
 */
const wordOf = (first: string, rest: string, maxLength: number) =>
  fc
    .tuple(fc.constantFrom(...first), fc.string({ unit: fc.constantFrom(...rest), maxLength }))
    .map(([head, tail]) => head + tail);
const word = wordOf(lower, `${lower}${digits}_./-`, 10);
const commandText = fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(" "));
const text = wordOf(lower + upper, `${lower}${upper}${digits} .,'"-`, 20);
const variableName = wordOf(upper, `${upper}${digits}_`, 6);

/**
 * Hooks `a` can express, restricted to what `b` can express too (pass `a` twice for everything
 * `a` can express).
 */
function hookArbitrary(a: HookFormat, b: HookFormat): fc.Arbitrary<PortableHook> | null {
  const events = Object.keys(a.events).filter((event) => Object.hasOwn(b.events, event));
  if (events.length === 0) return null;
  const platforms = a.platforms.filter((platform) => b.platforms.includes(platform));
  // Copilot CLI has no default command: it writes one as its Linux and macOS `bash` command, so a
  // default converts without loss only where the hook has its own command for the other systems.
  const defaultless = [a, b].find((format) => format.defaultCommandPlatforms !== undefined);
  const ownCommands = allPlatforms.filter(
    (platform) => defaultless?.defaultCommandPlatforms?.includes(platform) === false,
  );
  const defaultRequired = a.defaultCommandRequired || b.defaultCommandRequired;
  if (defaultRequired && ownCommands.some((platform) => !platforms.includes(platform))) return null;
  return fc.constantFrom(...events).chain((event) => {
    const specA = a.events[event];
    const specB = b.events[event];
    if (specA === undefined || specB === undefined) throw new Error("unreachable");
    const withMatchers =
      a.matchers !== null && b.matchers !== null && !specA.ignoresMatcher && !specB.ignoresMatcher;
    const pool = describeCanonicalEvent(event).toolEvent
      ? toolMatchers
      : (otherMatchers[event] ?? []);
    // Gemini CLI compares SessionStart's matcher as one exact string: lists cannot convert.
    const exact = specA.exactMatcher === true || specB.exactMatcher === true;
    // Cursor names MCP tools `MCP:<tool>`: only "every MCP tool" converts (describeMatcherLoss).
    const expressible = pool.filter((matcher) =>
      [a, b].every((format) => (format.describeMatcherLoss?.(event, matcher) ?? null) === null),
    );
    const matcherPool = exact
      ? expressible.filter((matcher) => /^\w+$/.test(matcher))
      : expressible;
    const both = (field: (typeof a.fields)[number]) =>
      a.fields.includes(field) && b.fields.includes(field);
    const maximum = Math.min(specA.maxTimeoutSeconds ?? 600, specB.maxTimeoutSeconds ?? 600);
    const defaultOptional = !a.defaultCommandRequired && !b.defaultCommandRequired;
    // Platforms one format writes under one key (Copilot's `bash`) have one command.
    const sharedWith = (platform: Platform) =>
      platforms.find((other) =>
        [a, b].some((format) => {
          const key = findHandlerKey(format, platform);
          return other !== platform && key !== undefined && key === findHandlerKey(format, other);
        }),
      );
    const command =
      a.argv && b.argv
        ? fc.oneof(commandText, fc.array(word, { minLength: 1, maxLength: 3 }))
        : commandText;
    const option = <T>(arbitrary: () => fc.Arbitrary<T>, enabled: boolean) =>
      enabled ? fc.option(arbitrary(), { nil: null }) : fc.constant(null);
    return fc
      .record({
        matcher: option(
          () => fc.constantFrom(...matcherPool),
          withMatchers && matcherPool.length > 0,
        ),
        default: defaultOptional ? fc.option(command, { nil: null }) : command,
        windows: option(() => commandText, platforms.includes("windows")),
        linux: option(() => commandText, platforms.includes("linux")),
        osx: option(() => commandText, platforms.includes("osx")),
        timeoutSeconds: fc.constantFrom(...timeouts.filter((seconds) => seconds <= maximum)),
        statusMessage: option(() => text, both("statusMessage")),
        cwd: option(() => word, both("cwd")),
        env: option(() => fc.dictionary(variableName, word), both("env")),
        if: option(
          () => fc.constantFrom("Bash(git *)", "Edit(src/**)"),
          specA.supportsIf && specB.supportsIf,
        ),
        additionalContextLimit: option(() => fc.nat(10_000), both("additionalContextLimit")),
        // ZeroCode parses `async: true` but skips such hooks: only `false` converts without loss.
        async: option(
          () =>
            a !== b && (a.skipsAsyncHooks || b.skipsAsyncHooks) ? fc.constant(false) : fc.boolean(),
          both("async"),
        ),
      })
      .map((fields): PortableHook => {
        const generated: Record<Platform, string | null> = {
          windows: fields.windows,
          linux: fields.linux,
          osx: fields.osx,
        };
        const perPlatform = { ...generated };
        for (const platform of platforms) {
          const first = sharedWith(platform);
          if (first !== undefined && platforms.indexOf(first) < platforms.indexOf(platform)) {
            perPlatform[platform] = generated[first];
          }
        }
        const anyOverride = Object.values(perPlatform).some((value) => value !== null);
        const fallback = fields.default ?? (anyOverride ? null : "true");
        if (typeof fallback === "string") {
          for (const platform of ownCommands) perPlatform[platform] ??= fallback;
        }
        return {
          event,
          matcher: fields.matcher,
          matcherFormat: null,
          type: "command",
          command: { default: fallback, ...perPlatform },
          timeoutSeconds: fields.timeoutSeconds,
          statusMessage: fields.statusMessage,
          cwd: fields.cwd,
          env: fields.env,
          if: fields.if,
          additionalContextLimit: fields.additionalContextLimit,
          async: fields.async,
          extraFields: [],
          origin: { format: a.name, event: specA.name, path: "", matcherPath: null, group: null },
        };
      });
  });
}

/** A hook with a handler type other than `command`, carried only within its own format. */
function promptHookArbitrary(a: HookFormat): fc.Arbitrary<PortableHook> | null {
  const event = Object.keys(a.events)[0];
  if (event === undefined || a.name === "deepagents" || a.name === "vscode") return null;
  return text.map((prompt) => ({
    event,
    matcher: null,
    matcherFormat: null,
    type: "prompt",
    command: { default: null, windows: null, linux: null, osx: null },
    timeoutSeconds: a.typeTimeoutSeconds.prompt ?? a.defaultTimeoutSeconds,
    statusMessage: null,
    cwd: null,
    env: null,
    if: null,
    additionalContextLimit: null,
    async: null,
    extraFields: [{ segments: ["prompt"], value: prompt, path: "", consequence: null }],
    origin: { format: a.name, event, path: "", matcherPath: null, group: null },
  }));
}

/** What a hook means, without where it came from or how its matcher is spelled. */
function normalizeHook(hook: PortableHook) {
  return {
    event: hook.event,
    matcher: normalizeMatcher(hook.matcher),
    type: hook.type,
    command: normalizeCommand(hook.command),
    timeoutSeconds: hook.timeoutSeconds,
    statusMessage: hook.statusMessage,
    cwd: hook.cwd,
    env: hook.env,
    if: hook.if,
    additionalContextLimit: hook.additionalContextLimit,
    async: hook.async,
    extraFields: hook.extraFields.map(({ segments, value }) => ({ segments, value })),
  };
}

/** The command each system runs: `{ command: "a" }` means `linux`, `osx` and `windows` all `"a"`. */
function normalizeCommand(command: PortableCommand) {
  return Object.fromEntries(
    allPlatforms.map((platform) => [platform, command[platform] ?? command.default]),
  );
}

function normalizeMatcher(matcher: string | null): string | null {
  const shape = parseExactMatcher(matcher);
  if (shape.kind === "all") return null;
  if (shape.kind === "names") return [...shape.names].sort().join("|");
  const anchored = parseRegexMatcher(shape.pattern);
  return anchored.exact && anchored.shape.kind === "names"
    ? [...anchored.shape.names].sort().join("|")
    : shape.pattern;
}

/** Writes hooks as `a` would hold them and reads them back: the starting document of a round trip. */
function writeSource(a: Variant, hooks: PortableHook[]) {
  const set: PortableHookSet = {
    format: a.format.name,
    syntax: a.syntax,
    description: null,
    hooks,
    extraFields: [],
  };
  const text = a.format.write(set, a.syntax);
  const read = a.format.read(text, `source.${a.syntax}`, a.syntax);
  if (!read.ok) throw new Error(read.error);
  expect(read.issues.filter((issue) => issue.kind === "lossy")).toEqual([]);
  return { text, hooks: read.set.hooks };
}

function convert(text: string, from: Variant, to: Variant) {
  const result = convertHooks({
    text,
    file: `input.${from.syntax}`,
    from: from.format.name,
    to: to.format.name,
    sourceSyntax: from.syntax,
    syntax: to.syntax,
  });
  if (!result.ok) throw new Error(result.error);
  return result;
}

/**
 * Cursor writes a PreToolUse hook on every MCP tool to beforeMCPExecution, beside the others'
 * preToolUse list, so the order of one event's hooks is not kept through it: compare sorted.
 */
function orderFor(a: Variant, b: Variant) {
  const keepsOrder = a.format.name !== "cursor" && b.format.name !== "cursor";
  return <T>(hooks: T[]): T[] =>
    keepsOrder
      ? hooks
      : [...hooks].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
}

function readBack(text: string, variant: Variant): PortableHook[] {
  const read = variant.format.read(text, `output.${variant.syntax}`, variant.syntax);
  if (!read.ok) throw new Error(read.error);
  return [...read.set.hooks];
}

/** Whether `part` appears in `whole` in order (other items may sit between). */
function isSubsequence<T>(part: readonly T[], whole: readonly T[]): boolean {
  let index = 0;
  for (const item of whole) {
    if (index < part.length && JSON.stringify(item) === JSON.stringify(part[index])) index += 1;
  }
  return index === part.length;
}

/**
 * A lossy issue about the configuration: not one about how the target agent reads the hook's
 * output (Codex 0.169's strict rules, another agent's protocol), which a round trip does not change.
 */
function isConfigurationLoss(issue: ConversionIssue): boolean {
  return (
    issue.kind === "lossy" &&
    issue.subject !== "the hook's output" &&
    issue.subject !== "the hooks' output"
  );
}

describe("round trips A → B → A", () => {
  const cases = pairs.map(([a, b]) => ({ a, b, from: describeVariant(a), to: describeVariant(b) }));

  it.each(cases)(
    "$from → $to → $from keeps, without a warning, every hook both can express",
    ({ a, b }) => {
      const hook = hookArbitrary(a.format, b.format);
      if (hook === null) return;
      fc.assert(
        fc.property(fc.array(hook, { minLength: 1, maxLength: 6 }), (hooks) => {
          const source = writeSource(a, hooks);
          const there = convert(source.text, a, b);
          expect(there.issues.filter(isConfigurationLoss)).toEqual([]);
          const back = convert(there.output, b, a);
          expect(back.issues.filter(isConfigurationLoss)).toEqual([]);
          const order = orderFor(a, b);
          expect(order(readBack(back.output, a).map(normalizeHook))).toEqual(
            order(source.hooks.map(normalizeHook)),
          );
        }),
        fuzzParameters(12),
      );
    },
  );

  it.each(cases)(
    "$from → $to → $from keeps every hook no warning names, and all of them when nothing is lossy",
    ({ a, b }) => {
      const anyHook = hookArbitrary(a.format, a.format);
      const promptHook = promptHookArbitrary(a.format);
      if (anyHook === null) return;
      const hook =
        promptHook === null ? anyHook : fc.oneof({ weight: 6, arbitrary: anyHook }, promptHook);
      fc.assert(
        fc.property(fc.array(hook, { minLength: 1, maxLength: 6 }), (hooks) => {
          const source = writeSource(a, hooks);
          const there = convert(source.text, a, b);
          const lossy = there.issues.filter(isConfigurationLoss);
          const back = convert(there.output, b, a);
          // Copilot CLI has no default command: a default that stood for equal `bash` and
          // `powershell` commands comes back without the Windows one, and the way back says so.
          const defaultLost = back.issues.some(
            (issue) => issue.kind === "lossy" && issue.subject === "default command",
          );
          const normalize = (candidate: PortableHook) => {
            const normalized = normalizeHook(candidate);
            return defaultLost ? { ...normalized, command: null } : normalized;
          };
          const order = orderFor(a, b);
          const final = order(readBack(back.output, a).map(normalize));
          if (lossy.length === 0) {
            expect(final).toEqual(order(source.hooks.map(normalize)));
            return;
          }
          const untouched = source.hooks.filter((candidate) => {
            const { path, matcherPath } = candidate.origin;
            return !lossy.some(
              (issue) =>
                issue.path !== null &&
                (issue.path === path ||
                  issue.path.startsWith(`${path}.`) ||
                  issue.path === matcherPath),
            );
          });
          expect(isSubsequence(order(untouched.map(normalize)), final)).toBe(true);
        }),
        fuzzParameters(12),
      );
    },
  );
});
