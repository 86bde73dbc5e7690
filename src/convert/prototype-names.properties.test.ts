import fc from "fast-check";
import { parse as parseToml } from "smol-toml";
import { describe, expect, it } from "vitest";
import { fuzzParameters } from "../../test/fixtures/fuzz/fuzz-runs.js";
import {
  arbitraryName,
  neutralizeName,
  prototypeNames,
  withKey,
} from "../../test/support/prototype-names.js";

import { convertHooks } from "./convert-hooks.js";
import { findHandlerKey, type HookFormat } from "./hook-format.js";
import { findHookFormat, hookFormats } from "./hook-formats.js";
import { type DocumentSyntax, type FormatName, formatNames } from "./portable-hooks.js";

// Names a configuration holds (event names, matcher tool names, handler types, handler, group and
// root keys, variable names) are looked up in the formats' tables while converting. A name
// Object.prototype has (`constructor`, `toString`, `__proto__`) must read as unknown there:
// converted with a note or dropped with a lossy issue, never a TypeError, never written as known.

const anyName = arbitraryName(
  ["PreToolUse", "Bash", "command", "type", "matcher", "hooks", "env", "Stop"],
  12,
);

function objectWithKey(key: string, value: unknown): Record<string, unknown> {
  return withKey({}, key, value);
}

/** The places of a document a name is put at. */
const slots = [
  "event",
  "matcher",
  "matcherList",
  "mcpMatcher",
  "handlerType",
  "handlerKey",
  "handlerKeyObject",
  "groupKey",
  "rootKey",
  "hooksKey",
  "envName",
  "commandVariable",
] as const;
type Slot = (typeof slots)[number];

const groupedFormats: readonly FormatName[] = [
  "claude",
  "deepagents",
  "zerocode",
  "gemini",
  "codex",
];

/** A known event of the format, as it spells it: a tool event where it has one. */
function pickEvent(format: HookFormat): string {
  const preferred = ["PreToolUse", "Stop", "SessionStart"].find((name) =>
    Object.hasOwn(format.events, name),
  );
  const spec = format.events[preferred ?? Object.keys(format.events)[0] ?? ""];
  return spec?.name ?? "PreToolUse";
}

/** A source document of `format` with `name` put at `slot`. */
function buildDocument(format: HookFormat, slot: Slot, name: string): Record<string, unknown> {
  const commandKey =
    findHandlerKey(format, "command") ?? findHandlerKey(format, "linux") ?? "command";
  const handler: Record<string, unknown> = {
    type: slot === "handlerType" ? name : "command",
    [commandKey]: slot === "commandVariable" ? `echo $${name} \${${name}}` : "echo hi",
  };
  if (slot === "handlerKey") withKey(handler, name, "x");
  if (slot === "handlerKeyObject") withKey(handler, name, { command: "rm -rf /", type: "command" });
  if (slot === "envName") handler.env = objectWithKey(name, "x");
  const matcher =
    slot === "matcher"
      ? name
      : slot === "matcherList"
        ? `${name}|Bash`
        : slot === "mcpMatcher"
          ? `mcp__${name}__${name}`
          : "Bash";
  const event = slot === "event" ? name : pickEvent(format);
  let entry: Record<string, unknown>;
  if (groupedFormats.includes(format.name)) {
    entry = { matcher, hooks: [handler] };
    if (slot === "groupKey") withKey(entry, name, { matcher: "Bash" });
  } else {
    entry = format.name === "cursor" ? { ...handler, matcher } : handler;
    if (slot === "groupKey") withKey(entry, name, { matcher: "Bash" });
  }
  const hooks = objectWithKey(event, [entry]);
  if (slot === "hooksKey") withKey(hooks, name, { PreToolUse: [entry] });
  const document: Record<string, unknown> =
    format.name === "copilot" || format.name === "cursor" ? { version: 1, hooks } : { hooks };
  if (slot === "rootKey") withKey(document, name, { hooks: { Stop: [entry] } });
  return document;
}

/** A document as JSON text, own `__proto__` keys included (JSON.stringify writes them). */
function writeJson(document: Record<string, unknown>): string {
  return JSON.stringify(document, null, 2);
}

/** Whether the text names a function's source or Object.prototype's members as data. */
function leaksPrototype(text: string): boolean {
  return text.includes("[native code]") || text.includes("[object Object]");
}

interface Conversion {
  from: FormatName;
  to: FormatName;
  text: string;
  file: string;
  shim: boolean;
  syntax?: DocumentSyntax;
}

/** Converts, then checks the result is a clear error or a document its target reads back. */
function convertAndCheck(conversion: Conversion) {
  const result = convertHooks({
    text: conversion.text,
    file: conversion.file,
    from: conversion.from,
    to: conversion.to,
    ...(conversion.syntax !== undefined && { syntax: conversion.syntax }),
    ...(conversion.shim && { shimCommand: "agent-hooks" }),
  });
  if (!result.ok) {
    expect(typeof result.error).toBe("string");
    return result;
  }
  expect(leaksPrototype(result.output)).toBe(false);
  for (const issue of result.issues) {
    expect(typeof issue.message).toBe("string");
    expect(leaksPrototype(issue.message)).toBe(false);
    expect(leaksPrototype(issue.subject ?? "")).toBe(false);
  }
  const target = hookFormats[conversion.to];
  const syntax = conversion.syntax ?? target.syntaxes[0] ?? "json";
  if (syntax === "toml") parseToml(result.output);
  else JSON.parse(result.output);
  const written = target.read(result.output, `out.${syntax}`, syntax);
  expect(written.ok).toBe(true);
  return result;
}

/** The result with `name` (also capitalized, as camelCase formats carry it) neutralized. */
function renameInResult(result: ReturnType<typeof convertHooks>, name: string): unknown {
  const capitalized = `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
  const text = JSON.stringify(result)
    .replaceAll(name, neutralizeName(name))
    .replaceAll(capitalized, neutralizeName(capitalized));
  return JSON.parse(text);
}

const pairs = formatNames.flatMap((from) => formatNames.map((to) => ({ from, to }) as const));

describe("convert: prototype names in a source document", () => {
  it.each(pairs)("$from → $to: every slot converts or says why", ({ from, to }) => {
    const source = hookFormats[from];
    for (const slot of slots) {
      for (const name of prototypeNames) {
        const text = writeJson(buildDocument(source, slot, name));
        for (const shim of [false, true]) {
          const result = convertAndCheck({ from, to, text, file: "hooks.json", shim });
          const neutral = convertHooks({
            text: writeJson(buildDocument(source, slot, neutralizeName(name))),
            file: "hooks.json",
            from,
            to,
            ...(shim && { shimCommand: "agent-hooks" }),
          });
          // Converted as any other name it does not know: the same output and issues.
          expect(renameInResult(result, name)).toEqual(neutral);
          if (slot === "event") {
            // The name is no event of the source: carried with a note, never read as one.
            expect(result.ok).toBe(true);
            if (!result.ok) continue;
            const eventNote = result.issues.find((issue) =>
              issue.subject?.startsWith(`event ${JSON.stringify(name)}`),
            );
            expect(eventNote?.message).toMatch(/^is not a .* event/);
          }
        }
      }
    }
  });

  it.each(["zerocode", "codex"] as const)(
    "%s TOML: prototype names as event and handler keys",
    (from) => {
      for (const name of prototypeNames) {
        const key = JSON.stringify(name);
        const texts = [
          `[[hooks.${key}]]\nmatcher = "Bash"\n[[hooks.${key}.hooks]]\ntype = "command"\ncommand = "echo"\n`,
          `[[hooks.PreToolUse]]\nmatcher = ${key}\n[[hooks.PreToolUse.hooks]]\ntype = ${key}\ncommand = "echo"\n${key} = 1\n`,
          `${key} = { a = 1 }\n[hooks]\n${key} = 1\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "echo"\n[hooks.Stop.hooks.env]\n${key} = "x"\n`,
          `[features]\n${key} = true\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "echo"\n`,
        ];
        for (const text of texts) {
          for (const to of formatNames) {
            for (const syntax of hookFormats[to].syntaxes) {
              convertAndCheck({ from, to, text, file: "config.toml", shim: false, syntax });
            }
          }
        }
      }
    },
  );

  it("finds no format by a prototype name", () => {
    for (const name of prototypeNames) expect(findHookFormat(name)).toBeUndefined();
  });
});

describe("convert: any names anywhere", () => {
  it("converts a document with any names at any slot, or says why", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...formatNames),
        fc.constantFrom(...formatNames),
        fc.constantFrom(...slots),
        anyName,
        fc.boolean(),
        (from, to, slot, name, shim) => {
          const text = writeJson(buildDocument(hookFormats[from], slot, name));
          convertAndCheck({ from, to, text, file: "hooks.json", shim });
        },
      ),
      fuzzParameters(400),
    );
  });
});
