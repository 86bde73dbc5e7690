// What the Gemini suites' guard scripts print: a hook's JSON answer, as a line of shell.

/**
 * A shell line that prints `value` as one line of JSON.
 * @param {object} value a hook's JSON answer
 */
export function printJson(value) {
  return `printf '%s\\n' '${JSON.stringify(value)}'`;
}

/**
 * A shell line that prints `{"hookSpecificOutput": {"hookEventName": event, ...fields}}`.
 * @param {string} event
 * @param {Record<string, unknown>} fields
 */
export function printHookOutput(event, fields) {
  return printJson({ hookSpecificOutput: { hookEventName: event, ...fields } });
}
