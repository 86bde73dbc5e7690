import type { printParseErrorCode } from "jsonc-parser";

/** The name `jsonc-parser` gives a syntax error, such as `CommaExpected`. */
export type JsonParseErrorName = Exclude<
  ReturnType<typeof printParseErrorCode>,
  "<unknown ParseErrorCode>"
>;

/** What each of `jsonc-parser`'s syntax errors means, in words. */
export const jsonParseErrorWords = {
  InvalidSymbol: "unexpected character",
  InvalidNumberFormat: "invalid number",
  PropertyNameExpected: "expected a property name in double quotes",
  ValueExpected: "expected a value",
  ColonExpected: "expected a colon",
  CommaExpected: "expected a comma",
  CloseBraceExpected: "expected a closing brace }",
  CloseBracketExpected: "expected a closing bracket ]",
  EndOfFileExpected: "expected the end of the file after the value",
  InvalidCommentToken: "comments are not allowed",
  UnexpectedEndOfComment: "unexpected end of file in a comment",
  UnexpectedEndOfString: "unexpected end of a string (a missing closing quote)",
  UnexpectedEndOfNumber: "unexpected end of a number",
  InvalidUnicode: "invalid \\u escape in a string",
  InvalidEscapeCharacter: "invalid string escape",
  InvalidCharacter: "invalid character in a string (a control character must be escaped)",
} as const satisfies Record<JsonParseErrorName, string>;

/**
 * A JSON syntax error in words with its line and column (both from 1), for a diagnostic.
 *
 * @example
 * describeJsonParseError('{"a": 1 "b": 2}', 8, "CommaExpected");
 * // → "expected a comma at line 1, column 9"
 */
export function describeJsonParseError(text: string, offset: number, name: string): string {
  const words = Object.hasOwn(jsonParseErrorWords, name)
    ? jsonParseErrorWords[name as JsonParseErrorName]
    : `a syntax error (${name})`;
  const lines = text.slice(0, offset).split("\n");
  return `${words} at line ${lines.length}, column ${(lines.at(-1)?.length ?? 0) + 1}`;
}
