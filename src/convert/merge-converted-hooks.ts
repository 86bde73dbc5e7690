import { isDeepStrictEqual } from "node:util";
import { parse, TomlError } from "smol-toml";
import { parseJsoncDocument } from "../config/parse-jsonc-document.js";
import { isRecord } from "../shared/is-record.js";
import { writeOwn } from "../shared/write-own.js";
import { applyJsonChanges } from "./apply-json-changes.js";
import { applyTomlChanges } from "./apply-toml-changes.js";
import { type HookMergeOptions, type MergeChange, planHookMerge } from "./plan-hook-merge.js";
import type { DocumentSyntax } from "./portable-hooks.js";

/** What merging into an existing file needs: the conversion's pair of formats, syntax and `--force`. */
export interface MergeConvertedHooksOptions extends HookMergeOptions {
  syntax: DocumentSyntax;
}

/**
 * The merged file text and what the merge set and replaced, or why the file is left as it is
 * (each reason reads after "cannot write <file>: ").
 */
export type HookMergeResult =
  | { ok: true; text: string; set: string[]; replaced: string[]; kept: string[] }
  | { ok: false; reason: string };

/**
 * Merges a converted hook document (`convertHooks` output) into the text of an existing settings
 * file of the target format, as text edits that keep every other key, comment and the file's
 * formatting: `planHookMerge` decides what is set, `applyJsonChanges` / `applyTomlChanges` edit
 * the text, and the result is parsed back and must equal the old document plus exactly those
 * values, or the merge is refused. An empty file takes the converted document as it is. Without
 * `force`, a file that does not parse (or is not an object) and values the user wrote that would
 * be replaced are refused; with it, the first is replaced whole and the second are replaced.
 *
 * @example
 * ```ts
 * mergeConvertedHooks('{ "theme": "dark" }\n', converted, { syntax: "json", from: "claude", to: "gemini", force: false });
 * // { ok: true, text: '{ "theme": "dark",\n  "hooks": {…} }\n', set: ["hooks"], replaced: [] }
 * ```
 */
export function mergeConvertedHooks(
  existing: string,
  converted: string,
  options: MergeConvertedHooksOptions,
): HookMergeResult {
  const convertedValue = parseDocument(converted, options.syntax);
  if (!convertedValue.ok || !isRecord(convertedValue.value)) {
    return { ok: false, reason: "the converted document does not parse back (a bug)" };
  }
  const document = convertedValue.value;
  if (existing.replace(/^\uFEFF/, "").trim() === "") {
    return { ok: true, text: converted, set: Object.keys(document), replaced: [], kept: [] };
  }
  const before = parseDocument(existing, options.syntax);
  const syntaxName = options.syntax === "toml" ? "TOML" : "JSON";
  const unusable = !before.ok
    ? `it is not valid ${syntaxName} (${before.error})`
    : !isRecord(before.value)
      ? `it holds a JSON ${describeJsonType(before.value)}, not a settings object`
      : null;
  if (unusable !== null) {
    if (options.force) {
      return {
        ok: true,
        text: converted,
        set: Object.keys(document),
        replaced: ["the whole file"],
        kept: [],
      };
    }
    return {
      ok: false,
      reason: `${unusable}, so the converted hooks cannot be merged into it; fix it, or pass --force to replace the whole file`,
    };
  }
  const target = before.ok && isRecord(before.value) ? before.value : {};
  const plan = planHookMerge(target, document, options);
  if (plan.conflicts.length > 0) {
    return {
      ok: false,
      reason: `it already has ${plan.conflicts.join(", ")}, which the converted hooks would replace; pass --force to replace ${plan.conflicts.length === 1 ? "it" : "them"}, or convert without -o and merge by hand`,
    };
  }
  if (plan.changes.length === 0) {
    return { ok: true, text: existing, set: [], replaced: [], kept: [] };
  }
  const edited =
    options.syntax === "toml"
      ? applyTomlChanges(existing, plan.changes)
      : applyJsonChanges(existing, plan.changes);
  const after = edited === null ? null : parseDocument(edited, options.syntax);
  const expected = parseDocument(existing, options.syntax);
  if (
    edited === null ||
    after === null ||
    !after.ok ||
    !expected.ok ||
    !isRecord(expected.value) ||
    !isDeepStrictEqual(
      structuredClone(after.value),
      structuredClone(applyChanges(expected.value, plan.changes)),
    )
  ) {
    const layout =
      options.syntax === "toml"
        ? "; write them as [[hooks.<Event>]] tables rather than inline tables or dotted keys"
        : "";
    return {
      ok: false,
      reason: `its hooks cannot be merged as a text edit that keeps the rest of the file as it is${layout}, or convert without -o and merge by hand`,
    };
  }
  return {
    ok: true,
    text: edited,
    set: plan.changes.map((change) => change.path.join(".")),
    replaced: plan.replaced,
    kept: plan.kept,
  };
}

type ParsedDocument = { ok: true; value: unknown } | { ok: false; error: string };

function parseDocument(text: string, syntax: DocumentSyntax): ParsedDocument {
  if (syntax === "json") {
    const parsed = parseJsoncDocument(text, "it");
    return parsed.ok
      ? { ok: true, value: parsed.value }
      : { ok: false, error: parsed.diagnostic.message.replace(/^it is not valid JSON: /, "") };
  }
  try {
    return { ok: true, value: parse(text, { integersAsBigInt: "asNeeded" }) };
  } catch (error) {
    if (!(error instanceof TomlError)) return { ok: false, error: String(error) };
    const reason = (error.message.split("\n", 1)[0] ?? "").replace(
      /^Invalid TOML document:\s*/,
      "",
    );
    return { ok: false, error: `${reason} at line ${error.line}, column ${error.column}` };
  }
}

/** The document with each change set, as own data properties (a `__proto__` key stays data). */
function applyChanges(
  document: Record<string, unknown>,
  changes: readonly MergeChange[],
): Record<string, unknown> {
  for (const change of changes) {
    let container = document;
    for (const key of change.path.slice(0, -1)) {
      const next = Object.hasOwn(container, key) ? container[key] : undefined;
      if (isRecord(next)) {
        container = next;
        continue;
      }
      const created: Record<string, unknown> = {};
      writeOwn(container, key, created);
      container = created;
    }
    const last = change.path.at(-1);
    if (last !== undefined) writeOwn(container, last, change.value);
  }
  return document;
}

function describeJsonType(value: unknown): string {
  if (Array.isArray(value)) return "list";
  if (value === null) return "null";
  return typeof value === "string" ? "string" : typeof value;
}
