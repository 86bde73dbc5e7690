/**
 * A TOML key as written in a document: bare when it can be, else a basic string with escapes.
 *
 * @example
 * ```ts
 * formatTomlKey("trust_level"); // "trust_level"
 * formatTomlKey("/repo"); // '"/repo"'
 * ```
 */
export function formatTomlKey(key: string): string {
  if (/^[A-Za-z0-9_-]+$/.test(key)) return key;
  let quoted = "";
  for (const character of key) {
    const code = character.codePointAt(0) ?? 0;
    if (character === "\\") quoted += "\\\\";
    else if (character === '"') quoted += '\\"';
    else if (code < 0x20 || code === 0x7f) quoted += `\\u${code.toString(16).padStart(4, "0")}`;
    else quoted += character;
  }
  return `"${quoted}"`;
}
