/**
 * Text from a hook's configuration or script with control characters (other than newline and
 * tab) shown as `\x1b`-style escapes, so an untrusted hook cannot hide itself from review with
 * terminal escape sequences.
 */
export function escapeControlCharacters(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (character) => {
    return `\\x${character.charCodeAt(0).toString(16).padStart(2, "0")}`;
  });
}
