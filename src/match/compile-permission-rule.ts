import { compileCommandPattern } from "./compile-command-pattern.js";
import { compileDomainPattern } from "./compile-domain-pattern.js";
import { compilePathPattern } from "./compile-path-pattern.js";
import { parsePermissionRule } from "./parse-permission-rule.js";

/** The tool call an `if` rule is tested against, with the folders relative globs resolve in. */
export interface ToolCall {
  /** The public tool name, such as `Bash` or `mcp__github__create_issue`. */
  toolName: string;
  /** The tool's input as the host sent it; any JSON value. */
  toolInput: unknown;
  /** The session's absolute working directory. */
  cwd: string;
  /** The user's absolute home folder. */
  home: string;
}

/** An `if` permission rule compiled once at config load. */
export type CompiledPermissionRule = {
  /** The rule as written. */
  readonly source: string;
  /** The tool the rule applies to; other tools never match. */
  readonly toolName: string;
  /** Whether the tool call is selected by the rule; never throws. */
  test(call: ToolCall): boolean;
};

/** The result of compiling an `if` rule: the rule, or why it cannot be used. */
export type PermissionRuleCompilation =
  | { ok: true; rule: CompiledPermissionRule }
  | { ok: false; error: string };

/** The input field each file tool's specifier is matched against. */
const filePathFields: ReadonlyMap<string, string> = new Map([
  ["Read", "file_path"],
  ["Write", "file_path"],
  ["Edit", "file_path"],
  ["MultiEdit", "file_path"],
  ["NotebookEdit", "notebook_path"],
  ["Glob", "path"],
  ["Grep", "path"],
  ["LS", "path"],
]);

/** File tools whose path field defaults to the cwd when absent. */
const cwdDefaultingTools: ReadonlySet<string> = new Set(["Glob", "Grep", "LS"]);

/** Compiles a permission-rule predicate such as `Bash(npm test:*)`, `Edit(src/**)` or `Read`. */
export function compilePermissionRule(rule: string): PermissionRuleCompilation {
  const parsed = parsePermissionRule(rule);
  if (!parsed.ok) {
    return parsed;
  }
  const { toolName, specifier } = parsed.rule;
  const compiled = compileInputTest(toolName, specifier);
  if (!compiled.ok) {
    return compiled;
  }
  const inputTest = compiled.test;
  return {
    ok: true,
    rule: Object.freeze({
      source: rule,
      toolName,
      test: (call: ToolCall) => call.toolName === toolName && inputTest(call),
    }),
  };
}

type InputTestCompilation =
  | { ok: true; test(call: ToolCall): boolean }
  | { ok: false; error: string };

function compileInputTest(toolName: string, specifier: string | null): InputTestCompilation {
  if (specifier === null || specifier === "" || specifier === "*") {
    return { ok: true, test: () => true };
  }
  if (toolName === "Bash") {
    const commandTest = compileCommandPattern(specifier);
    return {
      ok: true,
      test(call) {
        const command = readInputField(call.toolInput, "command");
        return typeof command === "string" && commandTest(command.trim());
      },
    };
  }
  const pathField = filePathFields.get(toolName);
  if (pathField !== undefined) {
    const compiled = compilePathPattern(specifier);
    if (!compiled.ok) {
      return compiled;
    }
    const pathTest = compiled.test;
    const defaultsToCwd = cwdDefaultingTools.has(toolName);
    return {
      ok: true,
      test(call) {
        const value = readInputField(call.toolInput, pathField);
        const filePath = value === undefined || value === null || value === "" ? null : value;
        if (filePath === null && defaultsToCwd) {
          return pathTest(call.cwd, call.cwd, call.home);
        }
        return typeof filePath === "string" && pathTest(filePath, call.cwd, call.home);
      },
    };
  }
  if (toolName === "WebFetch") {
    const compiled = compileDomainPattern(specifier);
    if (!compiled.ok) {
      return compiled;
    }
    const urlTest = compiled.test;
    return {
      ok: true,
      test(call) {
        const url = readInputField(call.toolInput, "url");
        return typeof url === "string" && urlTest(url);
      },
    };
  }
  return {
    ok: false,
    error: `Tool "${toolName}" does not take a specifier in an if rule; use "${toolName}" alone`,
  };
}

function readInputField(toolInput: unknown, field: string): unknown {
  if (typeof toolInput !== "object" || toolInput === null || Array.isArray(toolInput)) {
    return undefined;
  }
  return Object.hasOwn(toolInput, field)
    ? (toolInput as Record<string, unknown>)[field]
    : undefined;
}
