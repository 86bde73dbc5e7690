import path from "node:path";
import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import {
  directoryCommands,
  exitCommands,
  packageRunners,
  sourceCommands,
  taskRunners,
} from "./command-rules.js";
import { dataReaders, programsWithoutFiles } from "./data-program-rules.js";
import { type InterpreterRule, interpreterRules } from "./interpreter-rules.js";
import { type ProgramRule, programRules } from "./program-rules.js";
import { type WrapperRule, wrapperRules } from "./wrapper-rules.js";

/**
 * What each kind of simple command carries besides its words: a task runner's key (`make`, `npm
 * run`), the operands after a runner's or wrapper's name, and the row of a wrapper, interpreter
 * or program. `not-known`: the program word is not known before the shell runs (why); `none`:
 * nothing runs (an empty word, a bare `exec`); `other`: a program the tables do not know.
 */
export interface CommandData {
  "not-known": { reason: string };
  none: object;
  source: object;
  trap: object;
  enable: object;
  alias: object;
  directory: object;
  exit: object;
  find: object;
  parallel: object;
  env: object;
  "task-runner": { key: string; operands: readonly EvaluatedWord[] };
  "package-runner": { operands: readonly EvaluatedWord[] };
  wrapper: { rule: WrapperRule; operands: readonly EvaluatedWord[] };
  interpreter: { rule: InterpreterRule };
  program: { rule: ProgramRule };
  other: object;
}

/** The kinds of simple command, each read by its own handler (see `commandHandlers`). */
export type CommandKind = keyof CommandData;

/** A simple command of one kind: its words from the program on, the program and its name. */
export type ClassifiedCommand<K extends CommandKind = CommandKind> = {
  [P in K]: {
    kind: P;
    words: readonly EvaluatedWord[];
    /** The program as it is after expansion (`/usr/bin/env`). */
    text: string;
    /** The program's name without its directory (`env`). */
    name: string;
  } & CommandData[P];
}[K];

/**
 * Which kind of command its words are, in the shell's order: a builtin by its exact word (`.`,
 * `cd`, `exit`, `trap`), then by the program's name (`find`, `env`) a task runner, package runner,
 * wrapper, interpreter or program of the tables (a two-word name such as `npm run` before its
 * first word), else `other`.
 *
 * @example
 * classifyCommand(words("npm", "run", "lint")); // → { kind: "task-runner", key: "npm run", … }
 */
export function classifyCommand(words: readonly EvaluatedWord[]): ClassifiedCommand {
  const program = words[0];
  if (program === undefined) return { kind: "none", words, text: "", name: "" };
  if (!program.value.known)
    return { kind: "not-known", words, text: "", name: "", reason: program.value.reason };
  const text = program.value.text;
  const name = readProgramName(text);
  const pair = readWordPair(name, words[1]);
  const command = { words, text, name };
  if (text === "" || (text === "exec" && words.length === 1)) return { ...command, kind: "none" };
  if (sourceCommands.has(text)) return { ...command, kind: "source" };
  if (text === "trap" || text === "enable" || text === "alias") return { ...command, kind: text };
  if (directoryCommands.has(text)) return { ...command, kind: "directory" };
  if (exitCommands.has(text) && text !== "exec") return { ...command, kind: "exit" };
  if (name === "find" || name === "parallel" || name === "env") return { ...command, kind: name };
  // A two-word name (`npm run`) is looked up before the program's name; the operands follow it.
  const names =
    pair === null
      ? [{ key: name, skip: 1 }]
      : [
          { key: pair, skip: 2 },
          { key: name, skip: 1 },
        ];
  for (const { key, skip } of names)
    if (Object.hasOwn(taskRunners, key))
      return { ...command, kind: "task-runner", key, operands: words.slice(skip) };
  for (const { key, skip } of names)
    if (packageRunners.has(key))
      return { ...command, kind: "package-runner", operands: words.slice(skip) };
  for (const { key, skip } of names) {
    const rule = Object.hasOwn(wrapperRules, key) ? wrapperRules[key] : undefined;
    if (rule !== undefined)
      return { ...command, kind: "wrapper", rule, operands: words.slice(skip) };
  }
  const interpreter = findInterpreterRule(name);
  if (interpreter !== undefined) return { ...command, kind: "interpreter", rule: interpreter };
  const rule = findProgramRule(name);
  if (rule !== undefined) return { ...command, kind: "program", rule };
  return { ...command, kind: "other" };
}

/** A program's name as rows know it: its path's last part, without `.exe`. */
export function readProgramName(program: string): string {
  return path.posix.basename(program.replaceAll("\\", "/")).replace(/\.exe$/i, "");
}

/** The row of an interpreter (`python3.12` is `python`, `node20` is `node`), if the tables have one. */
export function findInterpreterRule(name: string): InterpreterRule | undefined {
  if (/^python\d*(\.\d+)*$/.test(name)) return interpreterRules.python;
  if (/^(?:ruby|perl|php|node)\d+(\.\d+)*$/.test(name))
    return interpreterRules[name.replace(/[\d.]+$/, "")];
  return Object.hasOwn(interpreterRules, name) ? interpreterRules[name] : undefined;
}

/** Whether the tables say how a program handles its operands (so it runs no file not listed). */
export function isKnownProgram(program: string): boolean {
  const name = readProgramName(program);
  return (
    program.includes("/") ||
    isRunner(name) ||
    findProgramRule(name) !== undefined ||
    sourceCommands.has(name) ||
    directoryCommands.has(name) ||
    exitCommands.has(name) ||
    ["trap", "enable", "alias", "eval"].includes(name)
  );
}

/** Whether a program runs another program or script (an interpreter, wrapper, runner, `env`, `find`). */
export function isRunner(name: string): boolean {
  return (
    findInterpreterRule(name) !== undefined ||
    Object.hasOwn(wrapperRules, name) ||
    Object.hasOwn(taskRunners, name) ||
    packageRunners.has(name) ||
    ["env", "find", "parallel"].includes(name)
  );
}

function findProgramRule(name: string): ProgramRule | undefined {
  for (const table of [programRules, dataReaders, programsWithoutFiles])
    if (Object.hasOwn(table, name)) return table[name];
  return undefined;
}

// `npm run`, `pnpm dlx`: a program's name with its first operand, when that is known.
function readWordPair(name: string, second: EvaluatedWord | undefined): string | null {
  return second?.value.known === true ? `${name} ${second.value.text}` : null;
}
