/** A permission rule split into its tool name and specifier (null when written without one). */
export type ParsedPermissionRule = { toolName: string; specifier: string | null };

/** The result of parsing a permission rule: its parts, or why it is malformed. */
export type PermissionRuleParse =
  | { ok: true; rule: ParsedPermissionRule }
  | { ok: false; error: string };

const toolNamePattern = /^[A-Za-z0-9_-]+$/;

/**
 * Splits `Tool`, `Tool()` or `Tool(specifier)` into its parts; the specifier is trimmed and may
 * itself contain balanced parentheses.
 */
export function parsePermissionRule(rule: string): PermissionRuleParse {
  const text = rule.trim();
  if (text === "") {
    return failure(rule, "it is empty");
  }
  const open = text.indexOf("(");
  const toolName = open === -1 ? text : text.slice(0, open);
  if (toolName === "") {
    return failure(rule, "the tool name is missing");
  }
  if (!toolNamePattern.test(toolName)) {
    const reason = toolName.includes(")")
      ? "its parentheses are unbalanced"
      : `the tool name "${toolName}" may only contain letters, digits, "_" and "-"`;
    return failure(rule, reason);
  }
  if (open === -1) {
    return { ok: true, rule: { toolName, specifier: null } };
  }
  const close = findClosingParenthesis(text, open);
  if (close === -1) {
    return failure(rule, "its parentheses are unbalanced");
  }
  if (close !== text.length - 1) {
    return failure(rule, `there is text after the closing ")": "${text.slice(close + 1)}"`);
  }
  return { ok: true, rule: { toolName, specifier: text.slice(open + 1, close).trim() } };
}

function findClosingParenthesis(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    const character = text[index];
    if (character === "(") {
      depth += 1;
    } else if (character === ")") {
      depth -= 1;
      if (depth === 0) {
        return index;
      }
    }
  }
  return -1;
}

function failure(rule: string, reason: string): PermissionRuleParse {
  return { ok: false, error: `Permission rule "${rule}" is malformed: ${reason}` };
}
