/** One step of a JSON path: an object key or an array index. */
export type JsonPathSegment = string | number;

/** Formats path segments as `hooks.PreToolUse[1].matcher`; keys that are not identifiers are quoted. */
export function formatJsonPath(segments: readonly (string | number | symbol)[]): string {
  let text = "";
  for (const segment of segments) {
    if (typeof segment === "number") text += `[${segment}]`;
    else if (typeof segment === "symbol") text += `[${String(segment)}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) text += text === "" ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}
