import { parse, TomlError } from "smol-toml";
import { createDiagnostic } from "../diagnostic.js";
import type { JsonDocument } from "./parse-json-document.js";

/** Parses TOML text, reporting a syntax error as `invalid_toml` with its line and column. */
export function parseTomlDocument(text: string, file: string): JsonDocument {
  try {
    return { ok: true, value: parse(text) };
  } catch (error) {
    const where =
      error instanceof TomlError ? ` at line ${error.line}, column ${error.column}` : "";
    const message = `${file} is not valid TOML: ${describeTomlError(error)}${where}`;
    return { ok: false, diagnostic: createDiagnostic("invalid_toml", "error", message, { file }) };
  }
}

// smol-toml's message is "Invalid TOML document: <reason>" followed by a code excerpt.
function describeTomlError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const firstLine = text.split("\n", 1)[0] ?? text;
  return firstLine.replace(/^Invalid TOML document:\s*/, "");
}
