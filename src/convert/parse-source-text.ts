import { visit } from "jsonc-parser";
import { parseJsonDocument } from "../config/parse-json-document.js";
import { parseJsoncDocument } from "../config/parse-jsonc-document.js";
import { parseTomlDocument } from "../config/parse-toml-document.js";

/** How a source document is parsed: strict JSON, JSON with comments and trailing commas, or TOML. */
export type SourceSyntax = "json" | "jsonc" | "toml";

/** A parsed source: its value and whether it had comments, or why it cannot be parsed. */
export type ParsedSource =
  | { ok: true; value: unknown; hasComments: boolean }
  | { ok: false; error: string };

/** Parses a configuration document; never throws. */
export function parseSourceText(text: string, file: string, syntax: SourceSyntax): ParsedSource {
  if (syntax === "toml") {
    const parsed = parseTomlDocument(text, file);
    return parsed.ok
      ? { ok: true, value: parsed.value, hasComments: false }
      : { ok: false, error: parsed.diagnostic.message };
  }
  if (syntax === "json") {
    const parsed = parseJsonDocument(text, file);
    return parsed.ok
      ? { ok: true, value: parsed.value, hasComments: false }
      : { ok: false, error: parsed.diagnostic.message };
  }
  // The settings reader's parser: `__proto__` stays data and deep nesting is an error, not a throw.
  const parsed = parseJsoncDocument(text, file);
  if (!parsed.ok) return { ok: false, error: parsed.diagnostic.message };
  if (parsed.value === undefined) return { ok: false, error: `${file} is empty` };
  const value = parsed.value;
  let hasComments = false;
  visit(text, {
    onComment: () => {
      hasComments = true;
    },
  });
  return { ok: true, value, hasComments };
}
