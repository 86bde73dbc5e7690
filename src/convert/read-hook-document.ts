import { formatJsonPath, type JsonPathSegment } from "../shared/format-json-path.js";
import { isRecord } from "../shared/is-record.js";
import { type ConversionIssue, createLossyIssue, createNoteIssue } from "./conversion-issue.js";
import type { HookFormat, ReadResult } from "./hook-format.js";
import type { ParsedSource } from "./parse-source-text.js";
import type { CarriedField, DocumentSyntax, PortableHook } from "./portable-hooks.js";

/** What a format does with a root key other than `hooks`. */
export type RootKeyRole =
  | { role: "description" }
  | { role: "carried"; consequence: string | null }
  | { role: "setting" }
  | { role: "ignored" };

/** How one format's document is laid out around its events map. */
export interface DocumentRules {
  format: HookFormat;
  syntax: DocumentSyntax;
  /** The role of a root key beside `hooks`; unlisted keys are carried. */
  classifyRootKey(key: string, value: unknown): RootKeyRole;
  /** Reads the events map at `hooks`. */
  readEvents(
    events: Record<string, unknown>,
    at: readonly JsonPathSegment[],
    issues: ConversionIssue[],
  ): PortableHook[];
}

/**
 * Reads a parsed document: root fields, then the `hooks` events map. Fails (a usage error) only
 * when the text does not parse or the document or its `hooks` is not an object.
 */
export function readHookDocument(
  parsed: ParsedSource,
  file: string,
  rules: DocumentRules,
  issues: ConversionIssue[],
): ReadResult {
  if (!parsed.ok) return { ok: false, error: parsed.error };
  const document = parsed.value;
  if (!isRecord(document)) return { ok: false, error: `${file} must contain an object` };
  if (Array.isArray(document.hooks) && rules.format.name === "deepagents") {
    return {
      ok: false,
      error: `${file}: "hooks" is a list: the Deep Agents event-stream form, which has no decision hooks to convert`,
    };
  }
  if (document.hooks !== undefined && !isRecord(document.hooks)) {
    return { ok: false, error: `${file}: "hooks" must be an object keyed by event name` };
  }
  if (parsed.hasComments) {
    issues.push(createNoteIssue("comments", null, "are not carried to the output"));
  }
  let description: string | null = null;
  const extraFields: CarriedField[] = [];
  const settings: string[] = [];
  for (const [key, value] of Object.entries(document)) {
    if (key === "hooks") continue;
    const role = rules.classifyRootKey(key, value);
    if (role.role === "description") {
      if (typeof value === "string") description = value;
      else issues.push(createLossyIssue('"description"', key, "must be a string; it is dropped"));
    } else if (role.role === "carried") {
      extraFields.push({
        segments: [key],
        value,
        path: formatJsonPath([key]),
        consequence: role.consequence,
      });
    } else if (role.role === "setting") {
      settings.push(key);
    }
  }
  if (settings.length > 0) {
    issues.push(
      createNoteIssue(
        `settings other than hooks (${settings.join(", ")})`,
        null,
        "are not hook configuration and are not converted",
      ),
    );
  }
  const hooks = isRecord(document.hooks) ? rules.readEvents(document.hooks, ["hooks"], issues) : [];
  return {
    ok: true,
    set: { format: rules.format.name, syntax: rules.syntax, description, hooks, extraFields },
    issues,
  };
}
