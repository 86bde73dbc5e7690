/** One word of a shell command, after quote removal and the expansions that can be known. */
export interface ShellWord {
  text: string;
  /**
   * False when the word's value depends on something only the shell knows at run time: a
   * `$(…)` or backtick substitution, an unknown variable, a glob, or `~user`.
   */
  resolvable: boolean;
}

/** What a word's `~` and `$NAME` expand to. */
export interface ShellExpansion {
  home: string;
  /** Variables whose values are known; any other `$NAME` makes its word unresolvable. */
  variables: Readonly<Record<string, string>>;
}

// Characters that end the first simple command when unquoted.
const commandEnd = new Set([";", "&", "|", "<", ">", "(", ")", "\n"]);

/**
 * Splits the first simple command of a POSIX shell string into words, honouring quotes and
 * backslashes; stops at the first unquoted operator (`;`, `&&`, `|`, a redirection, …) or
 * comment. Returns null when a quote is never closed.
 */
export function splitShellWords(command: string, expansion: ShellExpansion): ShellWord[] | null {
  const words: ShellWord[] = [];
  let index = 0;
  while (index < command.length) {
    const character = command.charAt(index);
    if (character === " " || character === "\t") {
      index += 1;
      continue;
    }
    if (commandEnd.has(character) || character === "#") break;
    const word = readWord(command, index, expansion);
    if (word === null) return null;
    words.push(word.word);
    index = word.end;
  }
  return words;
}

function readWord(
  command: string,
  start: number,
  expansion: ShellExpansion,
): { word: ShellWord; end: number } | null {
  let text = "";
  let resolvable = true;
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
    if (character === " " || character === "\t" || commandEnd.has(character)) break;
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
      index = expanded.end;
    } else {
      if (character === "*" || character === "?" || character === "[") resolvable = false;
      text += character;
      index += 1;
    }
  }
  return { word: { text, resolvable }, end: index };
}

function readDoubleQuoted(
  command: string,
  start: number,
  expansion: ShellExpansion,
): { text: string; resolvable: boolean; end: number } | null {
  let text = "";
  let resolvable = true;
  let index = start;
  while (index < command.length) {
    const character = command.charAt(index);
    if (character === '"') return { text, resolvable, end: index + 1 };
    if (character === "\\") {
      const next = command.charAt(index + 1);
      if (next === "$" || next === "`" || next === '"' || next === "\\") text += next;
      else if (next !== "\n") text += `\\${next}`;
      index += 2;
    } else if (character === "$" || character === "`") {
      const expanded = readExpansion(command, index, expansion);
      text += expanded.text;
      resolvable &&= expanded.resolvable;
      index = expanded.end;
    } else {
      text += character;
      index += 1;
    }
  }
  return null;
}

// `$NAME` / `${NAME}` expand from the known variables; `$(…)`, backticks and anything else
// cannot be known before the shell runs.
function readExpansion(
  command: string,
  start: number,
  expansion: ShellExpansion,
): { text: string; resolvable: boolean; end: number } {
  if (command.charAt(start) === "`") {
    const close = command.indexOf("`", start + 1);
    return { text: "", resolvable: false, end: close === -1 ? command.length : close + 1 };
  }
  const rest = command.slice(start + 1);
  if (rest.startsWith("(")) {
    return { text: "", resolvable: false, end: skipParentheses(command, start + 1) };
  }
  const named = /^(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/.exec(rest);
  if (named !== null) {
    const name = named[1] ?? named[2] ?? "";
    const value = name === "HOME" ? expansion.home : expansion.variables[name];
    const end = start + 1 + named[0].length;
    return value === undefined
      ? { text: "", resolvable: false, end }
      : { text: value, resolvable: true, end };
  }
  if (rest.startsWith("{")) {
    const close = command.indexOf("}", start + 2);
    return { text: "", resolvable: false, end: close === -1 ? command.length : close + 1 };
  }
  if (/^[\w@*#?$!-]/.test(rest)) return { text: "", resolvable: false, end: start + 2 };
  return { text: "$", resolvable: true, end: start + 1 };
}

function skipParentheses(command: string, open: number): number {
  let depth = 0;
  for (let index = open; index < command.length; index += 1) {
    const character = command.charAt(index);
    if (character === "(") depth += 1;
    else if (character === ")") {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return command.length;
}
