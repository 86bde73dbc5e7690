import { createRequire } from "node:module";
import type {
  ShellAssignment,
  ShellCommand,
  ShellDialect,
  ShellRedirect,
  ShellRedirectOperator,
  ShellScript,
  ShellStatement,
  ShellWord,
  ShellWordPart,
} from "./shell-syntax.js";

/** A parsed command string, or why the parser rejected it. */
export type ShellParseResult = { ok: true; script: ShellScript } | { ok: false; error: string };

// The slice of mvdan-sh's (GopherJS) API used here: nodes are Go structs with Go field names.
/** A position in mvdan-sh's tree. */
export interface GoPosition {
  Offset(): number;
  Line(): number;
  Col(): number;
}
/** A node of mvdan-sh's tree (a Go struct with Go field names). */
export interface GoNode {
  readonly [field: string]: unknown;
  Pos(): GoPosition;
  End(): GoPosition;
}
/** A parser of one dialect. */
export interface GoParser {
  Parse(source: string, name: string): GoNode;
}
/** The slice of mvdan-sh's module used here. */
export interface ShellSyntaxModule {
  syntax: {
    NewParser(...options: unknown[]): GoParser;
    Variant(language: unknown): unknown;
    LangBash: unknown;
    LangPOSIX: unknown;
    NodeType(node: unknown): string;
    Walk(node: GoNode, visit: (node: GoNode | null) => boolean): void;
  };
}

// mvdan/sh's token values (syntax/tokens.go) of the redirection and binary operators; checked
// against the parser in parse-shell-script.test.ts.
const redirectOperators: Readonly<Record<number, ShellRedirectOperator>> = {
  54: ">",
  55: ">>",
  56: "<",
  57: "<>",
  58: "<&",
  59: ">&",
  60: ">|",
  61: "<<",
  62: "<<-",
  63: "<<<",
  64: "&>",
  65: "&>>",
};
const binaryOperators: Readonly<Record<number, "and" | "or" | "pipe">> = {
  10: "and",
  11: "or",
  12: "pipe",
  13: "pipe",
};

let loaded: ShellSyntaxModule | null = null;
// The node types of the two expression trees whose leaves are words; `label` names the tree in
// the error for a node type the walk does not know.
interface ExpressionGrammar {
  binary: string;
  unary: readonly string[];
  label: string;
}

const expressionGrammars = {
  arithmetic: {
    binary: "BinaryArithm",
    unary: ["UnaryArithm", "ParenArithm"],
    label: "arithmetic",
  },
  test: { binary: "BinaryTest", unary: ["UnaryTest", "ParenTest"], label: "tests" },
} as const satisfies Record<string, ExpressionGrammar>;

const parsers = new Map<ShellDialect, GoParser>();
const cache = new Map<string, ShellParseResult>();
// Parses remembered; beyond this the cache starts over.
const maximumCached = 1024;

/**
 * Parses a command string with mvdan/sh's parser (the one behind shfmt), in bash or POSIX sh,
 * into a {@link ShellScript}; a string the parser rejects gives its message. Results are cached
 * per string and dialect, and the parser (about 1.5 MB of JavaScript) is loaded on first use.
 * Never throws.
 *
 * @example
 * const parsed = parseShellScript("./a.sh && python3 b.py", "bash");
 * if (parsed.ok) console.log(parsed.script.statements.length); // 1
 */
export function parseShellScript(source: string, dialect: ShellDialect): ShellParseResult {
  const key = `${dialect}\u0000${source}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const result = parseUncached(source, dialect);
  if (cache.size >= maximumCached) cache.clear();
  cache.set(key, result);
  return result;
}

function parseUncached(source: string, dialect: ShellDialect): ShellParseResult {
  let module: ShellSyntaxModule;
  try {
    module = loadShellSyntax();
  } catch (error) {
    return { ok: false, error: `the shell parser could not be loaded: ${String(error)}` };
  }
  let file: GoNode;
  try {
    file = parserFor(module, dialect, source).Parse(source, "command");
  } catch (error) {
    return { ok: false, error: describeParseError(error) };
  }
  try {
    const converter = new TreeConverter(module, Buffer.from(source, "utf8"));
    return { ok: true, script: { statements: converter.statements(file, "Stmts") } };
  } catch (error) {
    return { ok: false, error: `unsupported shell syntax: ${String(error)}` };
  }
}

/** mvdan-sh, loaded on first use (throws when it cannot be loaded). */
export function loadShellSyntax(): ShellSyntaxModule {
  if (loaded === null) {
    const require = createRequire(import.meta.url);
    loaded = require("mvdan-sh") as ShellSyntaxModule;
  }
  return loaded;
}

/** The parser of `dialect`, made once (a source with a very long line gets one of its own). */
export function parserFor(
  module: ShellSyntaxModule,
  dialect: ShellDialect,
  source: string,
): GoParser {
  // Once a parser has read a line of 2^14 columns or more, mvdan-sh reports column 0 (and `?`
  // in its errors) for what it parses next: such a source gets a parser of its own.
  if (hasLongLine(source)) return createParser(module, dialect);
  let parser = parsers.get(dialect);
  if (parser === undefined) {
    parser = createParser(module, dialect);
    parsers.set(dialect, parser);
  }
  return parser;
}

function createParser(module: ShellSyntaxModule, dialect: ShellDialect): GoParser {
  const language = dialect === "bash" ? module.syntax.LangBash : module.syntax.LangPOSIX;
  return module.syntax.NewParser(module.syntax.Variant(language));
}

// 2^14 bytes is at least 5,462 UTF-16 code units (3 bytes each at most).
const longLineColumns = 5_000;

function hasLongLine(source: string): boolean {
  if (source.length < longLineColumns) return false;
  let lineStart = 0;
  for (;;) {
    const end = source.indexOf("\n", lineStart);
    if ((end === -1 ? source.length : end) - lineStart >= longLineColumns) return true;
    if (end === -1) return false;
    lineStart = end + 1;
  }
}

// mvdan-sh's messages for a source that ends too soon: an open quote, a `\` continuation, an
// open block.
const unfinishedMessage = /reached EOF|must be followed by|unclosed|not finished/;

/**
 * Whether a parse error (a {@link ShellParseResult}'s `error`) says the source ended too soon,
 * so that more lines may complete it.
 *
 * @example
 * const parsed = parseShellScript("A='one", "bash");
 * if (!parsed.ok) isUnfinishedParseError(parsed.error); // true
 */
export function isUnfinishedParseError(error: string): boolean {
  return unfinishedMessage.test(error);
}

/** mvdan-sh's message for a parse error, as `line:column: message`. */
export function describeParseError(error: unknown): string {
  if (typeof error === "object" && error !== null && "Error" in error) {
    const describe = (error as { Error: unknown }).Error;
    if (typeof describe === "function") {
      // "command:1:6: reached EOF without closing quote '" → "1:6: reached …"
      return String(describe.call(error)).replace(/^command:/, "");
    }
  }
  return String(error);
}

type CompoundCommand = Extract<ShellCommand, { kind: "compound" }>;

// Every compound command (`if`, loops, `case`, functions, `(( ))`, …) is one `compound` node.
function compoundCommand(
  shape: CompoundCommand["shape"],
  branches: ShellStatement[][],
  words: ShellWord[],
  details: Pick<CompoundCommand, "assigns" | "arithmetic"> = {},
): CompoundCommand {
  return { kind: "compound", shape, branches, words, ...details };
}

// Turns mvdan/sh's tree into this module's plain one; throws on a node type it does not know,
// which the caller reports as unsupported syntax.
class TreeConverter {
  readonly #module: ShellSyntaxModule;
  readonly #source: Buffer;

  constructor(module: ShellSyntaxModule, source: Buffer) {
    this.#module = module;
    this.#source = source;
  }

  statements(node: GoNode, field: string): ShellStatement[] {
    return nodeList(node, field).map((statement) => this.statement(statement));
  }

  statement(node: GoNode): ShellStatement {
    const command = childNode(node, "Cmd");
    return {
      command: command === null ? null : this.command(command),
      redirects: nodeList(node, "Redirs").map((redirect) => this.redirect(redirect)),
      negated: node.Negated === true,
      background: node.Background === true || node.Coprocess === true,
    };
  }

  command(node: GoNode): ShellCommand {
    const type = this.#module.syntax.NodeType(node);
    switch (type) {
      case "CallExpr":
        return {
          kind: "call",
          assignments: nodeList(node, "Assigns").map((assign) => this.assignment(assign)),
          words: this.words(node, "Args"),
        };
      case "DeclClause": {
        const variant = childNode(node, "Variant");
        const assignments = nodeList(node, "Args").map((assign) => this.assignment(assign));
        return {
          kind: "declare",
          variant: variant === null ? "" : stringField(variant, "Value"),
          assignments: assignments.filter((assignment) => assignment.name !== ""),
          words: assignments.flatMap((assignment) =>
            assignment.name === "" && assignment.value !== null ? [assignment.value] : [],
          ),
        };
      }
      case "BinaryCmd": {
        const kind = binaryOperators[numberField(node, "Op")];
        if (kind === undefined) throw new Error(`binary operator ${numberField(node, "Op")}`);
        return {
          kind,
          left: this.statement(requiredNode(node, "X")),
          right: this.statement(requiredNode(node, "Y")),
        };
      }
      case "Subshell":
        return { kind: "subshell", statements: this.statements(node, "Stmts") };
      case "Block":
        return { kind: "block", statements: this.statements(node, "Stmts") };
      case "TimeClause": {
        const statement = childNode(node, "Stmt");
        return { kind: "time", statement: statement === null ? null : this.statement(statement) };
      }
      case "IfClause":
        return compoundCommand("branches", this.ifBranches(node), []);
      case "WhileClause":
        return compoundCommand(
          "loop",
          [this.statements(node, "Cond"), this.statements(node, "Do")],
          [],
        );
      case "ForClause": {
        const loop = requiredNode(node, "Loop");
        const variable = childNode(loop, "Name");
        return compoundCommand(
          "loop",
          [this.statements(node, "Do")],
          this.loopWords(loop),
          variable === null
            ? { arithmetic: true }
            : {
                assigns: [
                  stringField(variable, "Value"),
                  ...(node.Select === true ? ["REPLY"] : []),
                ],
              },
        );
      }
      case "CaseClause":
        return compoundCommand(
          "branches",
          [[], ...nodeList(node, "Items").map((item) => this.statements(item, "Stmts"))],
          [
            this.word(requiredNode(node, "Word")),
            ...nodeList(node, "Items").flatMap((item) => this.words(item, "Patterns")),
          ],
        );
      case "FuncDecl":
        return compoundCommand("function", [[this.statement(requiredNode(node, "Body"))]], []);
      case "CoprocClause":
        return compoundCommand("background", [[this.statement(requiredNode(node, "Stmt"))]], []);
      case "ArithmCmd":
        return compoundCommand("branches", [], this.arithmetic(node.X), { arithmetic: true });
      case "LetClause":
        return compoundCommand(
          "branches",
          [],
          nodeList(node, "Exprs").flatMap((expression) => this.arithmetic(expression)),
          { arithmetic: true },
        );
      case "TestClause":
        return compoundCommand("branches", [], this.test(node.X));
      default:
        throw new Error(`${type} commands`);
    }
  }

  ifBranches(node: GoNode): ShellStatement[][] {
    const branches = [this.statements(node, "Cond"), this.statements(node, "Then")];
    const otherwise = childNode(node, "Else");
    return otherwise === null ? branches : [...branches, ...this.ifBranches(otherwise)];
  }

  loopWords(loop: GoNode): ShellWord[] {
    const type = this.#module.syntax.NodeType(loop);
    if (type === "WordIter") return this.words(loop, "Items");
    if (type === "CStyleLoop") {
      return [loop.Init, loop.Cond, loop.Post].flatMap((part) => this.arithmetic(part));
    }
    throw new Error(`${type} loops`);
  }

  assignment(node: GoNode): ShellAssignment {
    const name = childNode(node, "Name");
    const value = childNode(node, "Value");
    const array = childNode(node, "Array");
    const otherWords = [
      ...this.arithmetic(node.Index),
      ...(array === null
        ? []
        : nodeList(array, "Elems").flatMap((element) => {
            const elementValue = childNode(element, "Value");
            return [
              ...this.arithmetic(element.Index),
              ...(elementValue === null ? [] : [this.word(elementValue)]),
            ];
          })),
    ];
    const written = value === null ? null : this.word(value);
    // `export NAME` and `declare -x` options are naked: a word, not an assignment.
    if (node.Naked === true) {
      return {
        name: written === null && name !== null ? stringField(name, "Value") : "",
        value: written ?? (name === null ? null : this.literalWord(name)),
        otherWords,
        append: false,
      };
    }
    return {
      name: name === null ? "" : stringField(name, "Value"),
      value: written,
      otherWords,
      append: node.Append === true,
    };
  }

  redirect(node: GoNode): ShellRedirect {
    const operator = redirectOperators[numberField(node, "Op")];
    if (operator === undefined) throw new Error(`redirection operator ${numberField(node, "Op")}`);
    const descriptor = childNode(node, "N");
    const body = childNode(node, "Hdoc");
    return {
      operator,
      descriptor: descriptor === null ? null : stringField(descriptor, "Value"),
      target: this.word(requiredNode(node, "Word")),
      // A here-document's text is read as if double-quoted.
      body: body === null ? null : this.word(body, true),
    };
  }

  words(node: GoNode, field: string): ShellWord[] {
    return nodeList(node, field).map((word) => this.word(word));
  }

  word(node: GoNode, quoted = false): ShellWord {
    return {
      source: this.sourceOf(node),
      parts: nodeList(node, "Parts").flatMap((part) => this.wordParts(part, quoted)),
    };
  }

  literalWord(literal: GoNode): ShellWord {
    const raw = stringField(literal, "Value");
    return { source: raw, parts: [{ kind: "literal", raw, quoting: "none" }] };
  }

  wordParts(node: GoNode, quoted: boolean): ShellWordPart[] {
    const part = this.wordPart(node, quoted);
    return Array.isArray(part) ? part : [part];
  }

  wordPart(node: GoNode, quoted: boolean): ShellWordPart | ShellWordPart[] {
    const type = this.#module.syntax.NodeType(node);
    switch (type) {
      case "Lit":
        return {
          kind: "literal",
          raw: stringField(node, "Value"),
          quoting: quoted ? "double" : "none",
        };
      case "SglQuoted":
        return {
          kind: "literal",
          raw: stringField(node, "Value"),
          quoting: node.Dollar === true ? "ansi" : "single",
        };
      case "DblQuoted": {
        const parts = nodeList(node, "Parts").flatMap((part) => this.wordParts(part, true));
        // `$"…"` is translated by the locale: its text is not known.
        if (node.Dollar === true) {
          return [
            {
              kind: "expansion",
              description: "a locale-translated string",
              statements: nested(parts),
            },
          ];
        }
        // An empty "" is an empty literal, not nothing.
        return parts.length === 0 ? [{ kind: "literal", raw: "", quoting: "double" }] : parts;
      }
      case "ParamExp":
        return this.parameter(node, quoted);
      case "CmdSubst":
        return { kind: "substitution", statements: this.statements(node, "Stmts"), quoted };
      case "ArithmExp": {
        const operands = this.arithmetic(node.X);
        return {
          kind: "expansion",
          description: "an arithmetic expansion",
          statements: nestedInWords(operands),
          arithmetic: operands,
        };
      }
      case "ProcSubst":
        return {
          kind: "expansion",
          description: "a process substitution",
          statements: this.statements(node, "Stmts"),
        };
      case "ExtGlob":
        return { kind: "expansion", description: "an extended glob", statements: [] };
      case "BraceExp": {
        const elements = this.words(node, "Elems");
        const inner = innerEffects(elements);
        return {
          kind: "expansion",
          description: "a brace expansion",
          statements: nestedInWords(elements),
          ...(inner.assigns.length > 0 ? { assigns: inner.assigns } : {}),
          ...(inner.arithmetic.length > 0 ? { arithmetic: inner.arithmetic } : {}),
        };
      }
      default:
        throw new Error(`${type} word parts`);
    }
  }

  parameter(node: GoNode, quoted: boolean): ShellWordPart {
    const name = stringField(requiredNode(node, "Param"), "Value");
    const plain =
      node.Excl !== true &&
      node.Length !== true &&
      node.Width !== true &&
      childNode(node, "Index") === null &&
      childStruct(node, "Slice") === null &&
      childStruct(node, "Repl") === null &&
      childStruct(node, "Exp") === null;
    if (plain) return { kind: "variable", name, quoted };
    const operands = [
      ...this.arithmetic(node.Index),
      ...this.sliceWords(childStruct(node, "Slice")),
    ];
    const words = [
      ...operands,
      ...this.replaceWords(childStruct(node, "Repl")),
      ...this.expansionWords(childStruct(node, "Exp")),
    ];
    const expansion = childStruct(node, "Exp");
    // mvdan/sh's tokens for `=` and `:=` (syntax/tokens.go): the expansion sets the variable.
    const sets = expansion !== null && [74, 75].includes(numberField(expansion, "Op"));
    const inner = innerEffects(words);
    const assigns = [...(sets ? [node.Excl === true ? "" : name] : []), ...inner.assigns];
    const arithmetic = [...operands, ...inner.arithmetic];
    return {
      kind: "expansion",
      description: `the parameter expansion ${this.sourceOf(node)}`,
      statements: nestedInWords(words),
      ...(assigns.length > 0 ? { assigns } : {}),
      ...(arithmetic.length > 0 ? { arithmetic } : {}),
    };
  }

  sliceWords(slice: GoNode | null): ShellWord[] {
    return slice === null
      ? []
      : [...this.arithmetic(slice.Offset), ...this.arithmetic(slice.Length)];
  }

  replaceWords(replace: GoNode | null): ShellWord[] {
    if (replace === null) return [];
    return [childNode(replace, "Orig"), childNode(replace, "With")].flatMap((word) =>
      word === null ? [] : [this.word(word)],
    );
  }

  expansionWords(expansion: GoNode | null): ShellWord[] {
    const word = expansion === null ? null : childNode(expansion, "Word");
    return word === null ? [] : [this.word(word)];
  }

  // The words inside an arithmetic expression (where command substitutions may hide).
  arithmetic(value: unknown): ShellWord[] {
    return this.expressionWords(value, expressionGrammars.arithmetic);
  }

  // The words inside a `[[ … ]]` test expression.
  test(value: unknown): ShellWord[] {
    return this.expressionWords(value, expressionGrammars.test);
  }

  // The word leaves of an expression tree of `grammar`'s binary, unary and parenthesized nodes.
  expressionWords(value: unknown, grammar: ExpressionGrammar): ShellWord[] {
    if (!isGoNode(value)) return [];
    const type = this.#module.syntax.NodeType(value);
    if (type === "Word") return [this.word(value)];
    if (type === grammar.binary) {
      return [...this.expressionWords(value.X, grammar), ...this.expressionWords(value.Y, grammar)];
    }
    if (grammar.unary.includes(type)) return this.expressionWords(value.X, grammar);
    throw new Error(`${type} ${grammar.label}`);
  }

  sourceOf(node: GoNode): string {
    return this.#source.subarray(node.Pos().Offset(), node.End().Offset()).toString("utf8");
  }
}

/** The statements nested in word parts (command substitutions, at any depth). */
export function nested(parts: readonly ShellWordPart[]): ShellStatement[] {
  return parts.flatMap((part) =>
    part.kind === "substitution" || part.kind === "expansion" ? part.statements : [],
  );
}

// What expansions nested in words set as they expand, for the expansion that holds them.
function innerEffects(words: readonly ShellWord[]): { assigns: string[]; arithmetic: ShellWord[] } {
  const parts = words.flatMap((word) => word.parts);
  return {
    assigns: parts.flatMap((part) => (part.kind === "expansion" ? (part.assigns ?? []) : [])),
    arithmetic: parts.flatMap((part) => (part.kind === "expansion" ? (part.arithmetic ?? []) : [])),
  };
}

function nestedInWords(words: readonly ShellWord[]): ShellStatement[] {
  return words.flatMap((word) => nested(word.parts));
}

function isGoNode(value: unknown): value is GoNode {
  return typeof value === "object" && value !== null && typeof (value as GoNode).Pos === "function";
}

function childNode(node: GoNode, field: string): GoNode | null {
  const value = node[field];
  return isGoNode(value) ? value : null;
}

// A struct that is not a node (ParamExp's Slice, Repl and Exp have no position).
function childStruct(node: GoNode, field: string): GoNode | null {
  const value = node[field];
  return typeof value === "object" && value !== null ? (value as GoNode) : null;
}

function requiredNode(node: GoNode, field: string): GoNode {
  const value = childNode(node, field);
  if (value === null) throw new Error(`a node without ${field}`);
  return value;
}

function nodeList(node: GoNode, field: string): GoNode[] {
  const value = node[field];
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) throw new Error(`${field} is not a list`);
  return value.filter(isGoNode);
}

function stringField(node: GoNode, field: string): string {
  const value = node[field];
  if (typeof value !== "string") throw new Error(`${field} is not a string`);
  return value;
}

function numberField(node: GoNode, field: string): number {
  const value = node[field];
  if (typeof value !== "number") throw new Error(`${field} is not a number`);
  return value;
}
