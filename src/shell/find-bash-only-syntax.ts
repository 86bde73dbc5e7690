// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${…}` here names shell syntax, not a template.
import {
  describeParseError,
  type GoNode,
  loadShellSyntax,
  parserFor,
  type ShellSyntaxModule,
} from "./parse-shell-script.js";

/** A bash-only construct in a command string that POSIX sh runs, and where it starts (1-based). */
export interface BashOnlySyntax {
  construct: string;
  line: number;
  column: number;
}

// mvdan/sh's token values (syntax/tokens.go) of the bash-only redirections and `|&`.
const bashRedirects: Readonly<Record<number, string>> = {
  63: "the here-string `<<<`",
  64: "the redirection `&>` (sh reads `cmd &> file` as `cmd &` then `> file`)",
  65: "the redirection `&>>`",
};
const pipeAll = 13;
// Declarations sh (dash) has no builtin for; `local`, `export` and `readonly` it has.
const bashDeclarations = new Set(["declare", "typeset", "nameref"]);

/**
 * The first bash-only construct in `command`, read with mvdan-sh: a construct the bash parser
 * finds that POSIX sh either rejects or reads as something else (`[[ … ]]` parses in POSIX mode as
 * a command named `[[`, which dash does not have), else the POSIX parser's own complaint when
 * only bash accepts the string. Null when POSIX sh reads it as bash does, or when bash rejects it
 * too (then nothing certain can be said). Never throws.
 *
 * @example
 * findBashOnlySyntax('[[ "$x" =~ ^a ]] && exit 2');
 * // → { construct: "the bash test `[[ … ]]` (sh runs it as a command named `[[`)", line: 1, column: 1 }
 */
export function findBashOnlySyntax(command: string): BashOnlySyntax | null {
  let module: ShellSyntaxModule;
  let tree: GoNode;
  try {
    module = loadShellSyntax();
    tree = parserFor(module, "bash", command).Parse(command, "command");
  } catch {
    return null;
  }
  const found = findBashNode(module, tree, Buffer.from(command, "utf8"));
  if (found !== null) return found;
  try {
    parserFor(module, "posix", command).Parse(command, "command");
    return null;
  } catch (error) {
    return fromParseError(describeParseError(error));
  }
}

function findBashNode(
  module: ShellSyntaxModule,
  tree: GoNode,
  bytes: Buffer,
): BashOnlySyntax | null {
  let found: BashOnlySyntax | null = null;
  module.syntax.Walk(tree, (node) => {
    if (found !== null || node === null) return false;
    const construct = describeBashNode(module.syntax.NodeType(node), node);
    if (construct !== null) {
      // From the byte offset: mvdan-sh's column field holds less than 2^14.
      const offset = node.Pos().Offset();
      const lineStart = offset === 0 ? 0 : bytes.lastIndexOf(0x0a, offset - 1) + 1;
      const line = bytes.subarray(0, lineStart).filter((byte) => byte === 0x0a).length + 1;
      found = { construct, line, column: offset - lineStart + 1 };
      return false;
    }
    return true;
  });
  return found;
}

function describeBashNode(type: string, node: GoNode): string | null {
  switch (type) {
    case "TestClause":
      return "the bash test `[[ … ]]` (sh runs it as a command named `[[`)";
    case "ArithmCmd":
      return "the arithmetic command `(( … ))`";
    case "LetClause":
      return "the builtin `let`";
    case "CoprocClause":
      return "`coproc`";
    case "ProcSubst":
      return "the process substitution `<(…)` / `>(…)`";
    case "ExtGlob":
      return "an extended glob (`@(…)`, `!(…)`, …)";
    case "CStyleLoop":
      return "the C-style loop `for ((…))`";
    case "ArrayExpr":
      return "an array";
    case "FuncDecl":
      return node.RsrvWord === true ? "the `function` keyword" : null;
    case "ForClause":
      return node.Select === true ? "`select`" : null;
    case "SglQuoted":
      return node.Dollar === true ? "the quoting `$'…'` (dash prints the `$`)" : null;
    case "DblQuoted":
      return node.Dollar === true ? 'the locale quoting `$"…"`' : null;
    case "Redirect":
      return typeof node.Op === "number" ? (bashRedirects[node.Op] ?? null) : null;
    case "BinaryCmd":
      return node.Op === pipeAll ? "the pipe `|&`" : null;
    case "Assign":
      return node.Append === true ? "the assignment `+=`" : null;
    case "DeclClause":
      return describeDeclaration(node);
    case "ParamExp":
      return describeParameter(node);
    default:
      return null;
  }
}

function describeDeclaration(node: GoNode): string | null {
  const variant = node.Variant as { Value?: unknown } | null | undefined;
  const name = typeof variant?.Value === "string" ? variant.Value : "";
  return bashDeclarations.has(name) ? `the builtin \`${name}\`` : null;
}

function describeParameter(node: GoNode): string | null {
  if (node.Excl === true) return "the indirect expansion `${!…}`";
  if (isSet(node.Index)) return "an array subscript `${name[…]}`";
  if (isSet(node.Slice)) return "the substring expansion `${name:offset:length}`";
  if (isSet(node.Repl)) return "the replacement expansion `${name/…/…}`";
  return null;
}

function isSet(value: unknown): boolean {
  return typeof value === "object" && value !== null;
}

// "1:9: this expansion operator is a bash feature" → line 1, column 9.
function fromParseError(message: string): BashOnlySyntax {
  const match = /^(\d+):(\d+): (.*)$/s.exec(message);
  if (match === null) return { construct: message, line: 1, column: 1 };
  return { construct: match[3] ?? message, line: Number(match[1]), column: Number(match[2]) };
}
