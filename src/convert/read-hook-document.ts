import { formatJsonPath } from "../shared/format-json-path.js";
import { isRecord } from "../shared/is-record.js";
import { type ConversionIssue, createLossyIssue, createNoteIssue } from "./conversion-issue.js";
import type { HookFormat, ReadResult } from "./hook-format.js";
import type { ParsedSource } from "./parse-source-text.js";
import type { CarriedField, DocumentSyntax } from "./portable-hooks.js";
import { type EventsLayout, readHookEvents } from "./read-hook-events.js";

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
  /** The role of a root key beside `hooks`. */
  classifyRootKey(key: string, value: unknown): RootKeyRole;
  layout: EventsLayout;
  /** Handler keys, where this syntax spells them otherwise than the format (ZeroCode TOML). */
  handlerKeys?: HookFormat["handlerKeys"];
  /** Keys of the `hooks` table that are settings, not events: carried (ZeroCode's `managed_dir`). */
  tableKeys?: readonly string[];
  /**
   * Why a `hooks` list (not an object) cannot be converted, where the agent gives such a list
   * another meaning (Deep Agents' event stream); absent: it is only not an object.
   */
  hooksListError?: string;
}

/**
 * Reads a parsed document: root fields, then the `hooks` events map. Fails (a usage error) only
 * when the text does not parse or the document or its `hooks` is not an object.
 */
export function readHookDocument(
  parsed: ParsedSource,
  file: string,
  rules: DocumentRules,
  issues: ConversionIssue[] = [],
): ReadResult {
  if (!parsed.ok) return { ok: false, error: parsed.error };
  const document = parsed.value;
  if (!isRecord(document)) return { ok: false, error: `${file} must contain an object` };
  if (Array.isArray(document.hooks) && rules.hooksListError !== undefined) {
    return { ok: false, error: `${file}: "hooks" is a list: ${rules.hooksListError}` };
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
      extraFields.push(carryField([key], value, role.consequence));
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
  const events: Record<string, unknown> = isRecord(document.hooks) ? { ...document.hooks } : {};
  for (const key of rules.tableKeys ?? []) {
    if (!Object.hasOwn(events, key)) continue;
    extraFields.push(carryField(["hooks", key], events[key], null));
    delete events[key];
  }
  const hooks = readHookEvents(
    events,
    ["hooks"],
    {
      format: rules.format,
      layout: rules.layout,
      handlerKeys: rules.handlerKeys ?? rules.format.handlerKeys,
    },
    issues,
  );
  return {
    ok: true,
    set: { format: rules.format.name, syntax: rules.syntax, description, hooks, extraFields },
    issues,
  };
}

/** A field carried as written, at `segments` of the document. */
export function carryField(
  segments: readonly string[],
  value: unknown,
  consequence: string | null,
): CarriedField {
  return { segments, value, path: formatJsonPath(segments), consequence };
}
