import { type ParseError, parse, printParseErrorCode, visit } from "jsonc-parser";
import { parseJsonDocument } from "../config/parse-json-document.js";
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
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, {
    allowTrailingComma: true,
    disallowComments: false,
    allowEmptyContent: false,
  });
  const first = errors[0];
  if (first !== undefined) {
    const before = text.slice(0, first.offset).split("\n");
    const line = before.length;
    const column = (before.at(-1)?.length ?? 0) + 1;
    return {
      ok: false,
      error: `${file} is not valid JSON: ${printParseErrorCode(first.error)} at line ${line}, column ${column}`,
    };
  }
  let hasComments = false;
  visit(text, {
    onComment: () => {
      hasComments = true;
    },
  });
  return { ok: true, value, hasComments };
}
