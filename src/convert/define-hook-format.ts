import type { HookFormat } from "./hook-format.js";
import { parseSourceText } from "./parse-source-text.js";
import { type DocumentRules, readHookDocument } from "./read-hook-document.js";
import type { EventsLayout } from "./read-hook-events.js";

/** Fields most formats share, filled in when a description leaves them out. */
type DefaultedField =
  | "syntaxes"
  | "platforms"
  | "defaultCommandRequired"
  | "argv"
  | "typeTimeoutSeconds"
  | "timeoutUnit"
  | "ignoredHandlerKeys"
  | "skipsAsyncHooks"
  | "descriptionSyntaxes"
  | "toolNames"
  | "variables"
  | "substitutedVariables";

/** How a JSON document of the format is read, for formats without a reader of their own. */
export interface JsonDocumentRules {
  /** Strict JSON, or JSON with comments and trailing commas. */
  parse: "json" | "jsonc";
  layout: EventsLayout;
  classifyRootKey: DocumentRules["classifyRootKey"];
  /** Keys of the `hooks` object that are settings, not events (Gemini CLI's `enabled`). */
  tableKeys?: DocumentRules["tableKeys"];
  /** Why a `hooks` list cannot be converted (Deep Agents' event-stream form). */
  hooksListError?: DocumentRules["hooksListError"];
}

/** A format as its file states it: its own reader, or the rules of its JSON document. */
export type HookFormatDescription = Omit<HookFormat, DefaultedField | "read"> &
  Partial<Pick<HookFormat, DefaultedField>> &
  ({ read: HookFormat["read"] } | { document: JsonDocumentRules });

/**
 * A format from its description: written in JSON, a default command required, commands as shell
 * text (no argument lists), timeouts in seconds, no per-OS commands, per-type timeouts, ignored
 * keys, description, tool renames or host variables unless stated, and asynchronous hooks run; a
 * format with `document` rules reads its JSON document through `readHookDocument`.
 *
 * @example
 * ```ts
 * const format = defineHookFormat({ name: "vscode", ..., document: { parse: "jsonc", layout: "flat", classifyRootKey }, write });
 * ```
 */
export function defineHookFormat(description: HookFormatDescription): HookFormat {
  const format: HookFormat = {
    syntaxes: ["json"],
    platforms: [],
    defaultCommandRequired: true,
    argv: false,
    typeTimeoutSeconds: {},
    timeoutUnit: "seconds",
    ignoredHandlerKeys: {},
    skipsAsyncHooks: false,
    descriptionSyntaxes: [],
    toolNames: { internalNames: {}, groupedNames: {} },
    variables: [],
    substitutedVariables: [],
    ...description,
    read:
      "read" in description
        ? description.read
        : (text, file) => {
            const { parse, tableKeys, hooksListError, ...rules } = description.document;
            return readHookDocument(parseSourceText(text, file, parse), file, {
              format,
              syntax: "json",
              ...rules,
              ...(tableKeys !== undefined && { tableKeys }),
              ...(hooksListError !== undefined && { hooksListError }),
            });
          },
  };
  return format;
}
