import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import { findStartupFile, type StartupContext } from "./find-shell-startup-files.js";
import { flagWord } from "./hook-finding.js";
import type { ProgramRule } from "./program-rules.js";
import type { ProgramStep } from "./program-step.js";
import { literal, readCommandOption } from "./read-command-option.js";
import { readWordText } from "./read-word-text.js";

const dataReason = "a file the program reads as data";

/**
 * The code a program of the tables runs from files (awk -f, sed -f, tclsh a.tcl, jq -f, gdb -x,
 * vim -S, …), read from its words by its row: its program files are code (with the row's
 * suffixes), its data files listed, its inline program text checked for what it loads or runs,
 * its start-up files hashed, and stdin read as its program when the row says so.
 *
 * @example
 * findProgramCode("awk", awkRule, words("-f", "a.awk", "in.txt"), context);
 * // → code a.awk and a.awk.awk, data in.txt
 */
export function findProgramCode(
  name: string,
  rule: ProgramRule,
  words: readonly EvaluatedWord[],
  context: StartupContext,
): ProgramStep[] {
  const steps: ProgramStep[] = [];
  const flag = (word: string, reason: string) =>
    steps.push({ kind: "finding", finding: flagWord(word, reason) });
  const programFile = (word: EvaluatedWord) => {
    steps.push({ kind: "code", word });
    const text = readWordText(word);
    if (text === "" || text.includes("/")) return;
    for (const suffix of rule.suffixes ?? [])
      steps.push({ kind: "code", word: literal(`${text}${suffix}`, word.word.source) });
  };
  let programGiven = false;
  let startup = true;
  let sandboxed = false;
  const texts: EvaluatedWord[] = [];
  const programFiles: EvaluatedWord[] = [];
  const operands: EvaluatedWord[] = [];
  let index = 0;
  while (index < words.length) {
    const word = words[index] as EvaluatedWord;
    const text = readWordText(word);
    if (!word.value.known || !text.startsWith("-") || text === "-") {
      operands.push(word);
      index += 1;
      continue;
    }
    if (text === "--") {
      operands.push(...words.slice(index + 1));
      break;
    }
    const option = readProgramOption(words, index, rule);
    if (option === null) break;
    const value = option.value;
    switch (option.role) {
      case "program-file": {
        const special =
          value?.value.known === true ? rule.specialValues?.[value.value.text] : undefined;
        if (special === "no-startup") startup = false;
        else if (special === undefined && value !== null) programFiles.push(value);
        programGiven = true;
        break;
      }
      case "program-text":
        if (value !== null) texts.push(value);
        programGiven = true;
        break;
      case "sandbox":
        sandboxed = true;
        break;
      case "preload":
      case "config":
        if (value !== null) programFiles.push(value);
        break;
      case "library":
        // `gawk -i lib`, `lua -l mod`: a path is code; a bare name is found on a search path.
        if (value === null) break;
        if (readWordText(value).includes("/")) {
          programFile(value);
          break;
        }
        if (rule.libraryPath?.includes("directory first") === true) programFile(value);
        flag(
          value.word.source,
          `a module loaded by name from ${name}'s search path, ${rule.libraryPath ?? "not hashed"}`,
        );
        break;
      case "data":
      case "pair-data":
        if (value !== null) steps.push({ kind: "data", word: value, reason: dataReason });
        break;
      case "no-startup":
        startup = false;
        break;
      default:
        if (option.ambiguous && words[option.next] !== undefined) {
          // An option not known here may take the next word: it may be a program file too.
          const next = words[option.next] as EvaluatedWord;
          if (rule.first === "script" && !programGiven) programFiles.push(next);
        }
    }
    index = option.next;
  }
  for (const file of programFiles) programFile(file);
  const [first, ...rest] = operands;
  const readsStdin = first === undefined || rule.first === "argument";
  if (!programGiven && readsStdin && rule.stdin === "program")
    steps.push({ kind: "stdin-program", label: name });
  const others: EvaluatedWord[] = [];
  if (first !== undefined && !programGiven && rule.first === "script") programFile(first);
  else if (first !== undefined && !programGiven && rule.first === "text") texts.push(first);
  else if (first !== undefined && (programGiven || rule.first === "data")) others.push(first);
  others.push(...rest);
  const restRole =
    programGiven && rule.rest === "arguments" && rule.first !== "script" ? "arguments" : rule.rest;
  // sqlite3's operands after the database are program text, each.
  if (restRole === "texts") texts.push(...others.splice(0));
  // Inline program text (`awk '{…}'`, `sed 's/…/e'`, `jq 'include "x"; .'`): part of the hook's
  // definition, but what it loads or runs is not.
  for (const text of texts) {
    if (!text.value.known) {
      flag(text.word.source, `inline ${name} program that is ${text.value.reason}`);
      continue;
    }
    if (rule.textLoads?.test(text.value.text) === true)
      flag(
        text.word.source,
        `${name} program text that loads files or modules by name, or reads files, which are not hashed`,
      );
    if (!sandboxed && rule.textRunsShell?.test(text.value.text) === true)
      flag(
        text.word.source,
        `${name} program text that may run shell commands (awk's system() and pipes, sed's e command), which are not followed here`,
      );
  }
  for (const word of others) {
    if (restRole === "scripts") programFile(word);
    if (restRole !== "data") continue;
    if (rule.assignments === true && /^[A-Za-z_]\w*=/.test(readWordText(word))) continue;
    if (readWordText(word) === "-") continue;
    steps.push({ kind: "data", word, reason: dataReason });
  }
  if (startup) {
    for (const file of rule.startup ?? [])
      for (const finding of findStartupFile(file, context, name))
        steps.push({ kind: "finding", finding });
    if (rule.startupNotHashed !== undefined) flag(name, rule.startupNotHashed);
  }
  return steps;
}

// `gdb -ex …`, `sqlite3 -init f`: a single-dash long option, or a whole word the table names
// (`julia --startup-file=no`), before the usual reading.
function readProgramOption(
  words: readonly EvaluatedWord[],
  index: number,
  rule: ProgramRule,
): ReturnType<typeof readCommandOption> {
  const text = readWordText(words[index]);
  const whole = Object.hasOwn(rule.long, text) ? rule.long[text] : undefined;
  if (whole !== undefined && text.includes("="))
    return { role: whole, value: null, next: index + 1, ambiguous: false };
  if (whole !== undefined && !text.startsWith("--")) {
    return readCommandOption(
      [
        ...words.slice(0, index),
        literal(`-${text}`, words[index]?.word.source ?? text),
        ...words.slice(index + 1),
      ],
      index,
      { short: {}, long: { [`-${text}`]: whole } },
    );
  }
  return readCommandOption(words, index, rule);
}
