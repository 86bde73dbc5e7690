/** One step of a JSON path: an object key or an array index. */
export type JsonPathSegment = string | number;

/** Formats path segments as `hooks.PreToolUse[1].matcher`; keys that are not identifiers are quoted. */
export function formatJsonPath(segments: readonly (string | number | symbol)[]): string {
  let text = "";
  // An index loop: it runs for every hook of a configuration, cold, where an iterator allocates.
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index] as string | number | symbol;
    if (typeof segment === "number") text += `[${segment}]`;
    else if (typeof segment === "symbol") text += `[${String(segment)}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) text += text === "" ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}
