/**
 * Whether `text` matches `pattern` as a whole, where `*` stands for any run of characters
 * (newlines included) and every other character is literal; linear-time, no RegExp.
 */
export function matchWildcard(pattern: string, text: string): boolean {
  const segments = pattern.split("*");
  const first = segments[0] ?? "";
  if (segments.length === 1) {
    return text === first;
  }
  const last = segments[segments.length - 1] ?? "";
  if (text.length < first.length + last.length) {
    return false;
  }
  if (!text.startsWith(first) || !text.endsWith(last)) {
    return false;
  }
  const end = text.length - last.length;
  let position = first.length;
  for (const segment of segments.slice(1, -1)) {
    const found = text.indexOf(segment, position);
    if (found === -1 || found + segment.length > end) {
      return false;
    }
    position = found + segment.length;
  }
  return true;
}
