/** One word of a shell command, after quote removal and the expansions that can be known. */
export interface ShellWord {
  text: string;
  /**
   * False when the word's value depends on something only the shell knows at run time: a
   * `$(…)` or backtick substitution other than the git root, an unknown variable, a glob, or
   * `~user`.
   */
  resolvable: boolean;
  /** The word as written in the command, for showing it to people. */
  source: string;
  /** True when the word expanded `$(git rev-parse --show-toplevel)`, which depends on the cwd. */
  usesGitRoot: boolean;
}

/** What a word's `~`, `$NAME` and `$(git rev-parse --show-toplevel)` expand to. */
export interface ShellExpansion {
  home: string;
  /** Variables whose values are known; any other `$NAME` makes its word unresolvable. */
  variables: Readonly<Record<string, string>>;
  /**
   * What `$(git rev-parse --show-toplevel)` (or its backtick form) prints, or null/absent when it
   * is not known: the substitution then makes its word unresolvable.
   */
  gitRoot?: string | null;
}

/** One simple command of a shell string: its words, and where it sits in the command list. */
export interface SimpleShellCommand {
  words: ShellWord[];
  /** How many `(` subshells it is nested in. */
  depth: number;
  /** True when it is part of a pipeline (`a | b`): each part runs in its own subshell. */
  piped: boolean;
}

/** The simple commands of a shell string, and whether the splitter followed all of it. */
export interface ShellCommandList {
  commands: SimpleShellCommand[];
  /**
   * False when part of the string could not be followed (a here-document, whose body lines are
   * not commands): what comes after it is not in `commands`.
   */
  complete: boolean;
}

// The expansions, and the commands of `$(…)` and backtick substitutions found while reading.
interface Reading extends ShellExpansion {
  substitutions: string[];
}

// Substitutions nested deeper than this are not followed (the list is then incomplete).
const substitutionDepthLimit = 8;

// Characters that end a word when unquoted.
const wordEnd = new Set([" ", "\t", ";", "&", "|", "<", ">", "(", ")", "\n"]);

// Redirection operators, longest first; a here-document (`<<`, `<<-`) is handled on its own.
const redirection = /^(?:<<<|<>|<&|<|>>|>&|>\||>)/;

/**
 * Splits a POSIX shell string into its simple commands (at unquoted `;`, `&&`, `||`, `&`, `|`,
 * `(`, `)` and newlines) and each into words, honouring quotes, backslashes and comments;
 * redirections (`2>/dev/null`, `<input`) and their targets are left out. The commands of `$(…)`
 * and backtick substitutions are split too, as subshells (before the command they are in). A
 * here-document stops the split (`complete: false`). Returns null when a quote is never closed.
 *
 * @example
 * splitShellCommands("./a.sh && ./b.sh | tee log", { home: "/home/me", variables: {} });
 * // → commands: ["./a.sh"], ["./b.sh"] (piped), ["tee", "log"] (piped)
 */
export function splitShellCommands(
  command: string,
  expansion: ShellExpansion,
): ShellCommandList | null {
  return splitCommandList(command, { ...expansion, substitutions: [] }, 0);
}

function splitCommandList(
  command: string,
  expansion: Reading,
  level: number,
): ShellCommandList | null {
  const commands: SimpleShellCommand[] = [];
  let complete = true;
  let words: ShellWord[] = [];
  let depth = 0;
  let piped = false;
  const finish = (pipeFollows: boolean) => {
    if (words.length > 0) commands.push({ words, depth, piped: piped || pipeFollows });
    words = [];
    piped = pipeFollows;
  };
  // The substitutions just read run in subshells of their own.
  const splitSubstitutions = () => {
    for (const inner of expansion.substitutions.splice(0)) {
      const list =
        level < substitutionDepthLimit ? splitCommandList(inner, expansion, level + 1) : null;
      if (list === null || !list.complete) complete = false;
      for (const found of list?.commands ?? []) {
        commands.push({ ...found, depth: found.depth + depth + 1 });
      }
    }
  };
  let index = 0;
  while (index < command.length) {
    const character = command.charAt(index);
    const next = command.charAt(index + 1);
    if (character === " " || character === "\t") {
      index += 1;
    } else if (character === "#") {
      const newline = command.indexOf("\n", index);
      index = newline === -1 ? command.length : newline;
    } else if (character === "\n" || character === ";") {
      finish(false);
      index += 1;
    } else if (character === "&" && next === ">") {
      // `&>file` and `&>>file` redirect both outputs.
      const target = skipRedirectionTarget(
        command,
        index + (command.startsWith("&>>", index) ? 3 : 2),
        expansion,
      );
      if (target === null) return null;
      splitSubstitutions();
      index = target;
    } else if (character === "&") {
      finish(false);
      index += next === "&" ? 2 : 1;
    } else if (character === "|") {
      finish(next !== "|");
      index += next === "|" || next === "&" ? 2 : 1;
    } else if (character === "(" || character === ")") {
      finish(false);
      depth = character === "(" ? depth + 1 : Math.max(0, depth - 1);
      index += 1;
    } else if (character === "<" || character === ">") {
      if (command.startsWith("<<", index) && !command.startsWith("<<<", index)) {
        finish(false);
        return { commands, complete: false };
      }
      const operator = redirection.exec(command.slice(index))?.[0] ?? character;
      const target = skipRedirectionTarget(command, index + operator.length, expansion);
      if (target === null) return null;
      splitSubstitutions();
      index = target;
    } else {
      const word = readWord(command, index, expansion);
      if (word === null) return null;
      const after = command.charAt(word.end);
      // A number right before a redirection names a file descriptor (`2>/dev/null`).
      const descriptor = (after === "<" || after === ">") && /^\d+$/.test(word.word.source);
      if (!descriptor) words.push(word.word);
      splitSubstitutions();
      index = word.end;
    }
  }
  finish(false);
  return { commands, complete };
}

function skipRedirectionTarget(command: string, start: number, expansion: Reading): number | null {
  let index = start;
  while (command.charAt(index) === " " || command.charAt(index) === "\t") index += 1;
  const target = readWord(command, index, expansion);
  return target === null ? null : target.end;
}

function readWord(
  command: string,
  start: number,
  expansion: Reading,
): { word: ShellWord; end: number } | null {
  let text = "";
  let resolvable = true;
  let usesGitRoot = false;
  let index = start;
  if (command.startsWith("~", index)) {
    const tilde = /^~([^/\s;&|<>()'"\\$`]*)/.exec(command.slice(index));
    const user = tilde?.[1] ?? "";
    if (user === "") text = expansion.home;
    else resolvable = false;
    index += 1 + user.length;
  }
  while (index < command.length) {
    const character = command.charAt(index);
    if (wordEnd.has(character)) break;
    if (character === "'") {
      const close = command.indexOf("'", index + 1);
      if (close === -1) return null;
      text += command.slice(index + 1, close);
      index = close + 1;
    } else if (character === '"') {
      const quoted = readDoubleQuoted(command, index + 1, expansion);
      if (quoted === null) return null;
      text += quoted.text;
      resolvable &&= quoted.resolvable;
      usesGitRoot ||= quoted.usesGitRoot;
      index = quoted.end;
    } else if (character === "\\") {
      // A backslash-newline is a line continuation; any other escaped character is literal.
      const next = command.charAt(index + 1);
      if (next !== "\n") text += next;
      index += 2;
    } else if (character === "$" || character === "`") {
      const expanded = readExpansion(command, index, expansion);
      text += expanded.text;
      resolvable &&= expanded.resolvable;
      usesGitRoot ||= expanded.usesGitRoot;
      index = expanded.end;
    } else {
      if (character === "*" || character === "?" || character === "[") resolvable = false;
      text += character;
      index += 1;
    }
  }
  const end = Math.min(index, command.length);
  return { word: { text, resolvable, source: command.slice(start, end), usesGitRoot }, end };
}

interface Expanded {
  text: string;
  resolvable: boolean;
  usesGitRoot: boolean;
  end: number;
}

function readDoubleQuoted(command: string, start: number, expansion: Reading): Expanded | null {
  let text = "";
  let resolvable = true;
  let usesGitRoot = false;
  let index = start;
  while (index < command.length) {
    const character = command.charAt(index);
    if (character === '"') return { text, resolvable, usesGitRoot, end: index + 1 };
    if (character === "\\") {
      const next = command.charAt(index + 1);
      if (next === "$" || next === "`" || next === '"' || next === "\\") text += next;
      else if (next !== "\n") text += `\\${next}`;
      index += 2;
    } else if (character === "$" || character === "`") {
      const expanded = readExpansion(command, index, expansion);
      text += expanded.text;
      resolvable &&= expanded.resolvable;
      usesGitRoot ||= expanded.usesGitRoot;
      index = expanded.end;
    } else {
      text += character;
      index += 1;
    }
  }
  return null;
}

// `$NAME` / `${NAME}` expand from the known variables and `$(git rev-parse --show-toplevel)` to
// the git root when it is known; any other substitution cannot be known before the shell runs.
function readExpansion(command: string, start: number, expansion: Reading): Expanded {
  const unknown = (end: number): Expanded => ({
    text: "",
    resolvable: false,
    usesGitRoot: false,
    end,
  });
  if (command.charAt(start) === "`") {
    const close = command.indexOf("`", start + 1);
    if (close === -1) return unknown(command.length);
    return substituteCommand(command.slice(start + 1, close), close + 1, expansion);
  }
  const rest = command.slice(start + 1);
  if (rest.startsWith("((")) {
    const close = findClosingParenthesis(command, start + 1);
    return unknown(close === -1 ? command.length : close + 1);
  }
  if (rest.startsWith("(")) {
    const close = findClosingParenthesis(command, start + 1);
    if (close === -1) return unknown(command.length);
    return substituteCommand(command.slice(start + 2, close), close + 1, expansion);
  }
  const named = /^(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/.exec(rest);
  if (named !== null) {
    const name = named[1] ?? named[2] ?? "";
    const value =
      name === "HOME"
        ? expansion.home
        : Object.hasOwn(expansion.variables, name)
          ? expansion.variables[name]
          : undefined;
    const end = start + 1 + named[0].length;
    return value === undefined
      ? unknown(end)
      : { text: value, resolvable: true, usesGitRoot: false, end };
  }
  if (rest.startsWith("{")) {
    const close = command.indexOf("}", start + 2);
    return unknown(close === -1 ? command.length : close + 1);
  }
  if (/^[\w@*#?$!-]/.test(rest)) return unknown(start + 2);
  return { text: "$", resolvable: true, usesGitRoot: false, end: start + 1 };
}

// Only the git root is known: the engine finds it the way git does, without running git. Any
// other substitution is a command that runs too: it is kept to be split in turn.
function substituteCommand(inner: string, end: number, expansion: Reading): Expanded {
  const gitRoot = expansion.gitRoot ?? null;
  if (gitRoot !== null && /^\s*git\s+rev-parse\s+--show-toplevel\s*$/.test(inner)) {
    return { text: gitRoot, resolvable: true, usesGitRoot: true, end };
  }
  expansion.substitutions.push(inner);
  return { text: "", resolvable: false, usesGitRoot: false, end };
}

// The index of the `)` closing the `(` at `open`, or -1 when it is never closed.
function findClosingParenthesis(command: string, open: number): number {
  let depth = 0;
  for (let index = open; index < command.length; index += 1) {
    const character = command.charAt(index);
    if (character === "(") depth += 1;
    else if (character === ")") {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}
