import path from "node:path";
import {
  type EvaluatedWord,
  evaluateShellWord,
  readLiteralWord,
  type WordScope,
} from "../shell/evaluate-shell-word.js";
import type { ShellRedirect, ShellStatement, ShellWord } from "../shell/shell-syntax.js";
import type { ShellState } from "./shell-state.js";

/**
 * What a file descriptor reads: the hook's event (its stdin), a file or a text (here-document),
 * a pipe, something not known, nothing (not open, or open for writing only), or either of several.
 */
export type DescriptorSource =
  | { kind: "event" }
  | { kind: "file" | "text"; word: EvaluatedWord; state: ShellState }
  | { kind: "pipe" }
  | { kind: "unknown"; reason: string }
  | { kind: "closed" }
  | { kind: "either"; sources: DescriptorSource[] };

/** The descriptors a command starts with; `*` stands for every descriptor not listed. */
export type Descriptors = ReadonlyMap<string, DescriptorSource>;

/** What an `exec` (`exec 3< file`) may have left each descriptor reading, from the point it ran on. */
export type KeptDescriptors = ReadonlyMap<string, readonly DescriptorSource[]>;

/** A hook's descriptors: its stdin is the event. */
export const hookDescriptors: Descriptors = new Map([["0", { kind: "event" }]]);

/** The descriptors of code that runs later (a function body, a trap), from a caller not known. */
export const callerDescriptors: Descriptors = new Map([
  ["*", { kind: "unknown", reason: "a descriptor of a function's or trap's caller" }],
]);

/** Paths that name a descriptor of the process that opens them (`/dev/fd/3`, `/proc/self/fd/3`). */
export const descriptorPath = /^\/(?:dev\/fd|proc\/(?:self|thread-self|\d+)\/fd)\/(\d+)$/;

const inputOperators: ReadonlySet<string> = new Set(["<", "<>", "<<", "<<-", "<<<", "<&"]);

/**
 * The descriptors after a command's redirections, applied in order: a file or here-document
 * read (its word expanded with `scope`, in `state`), a descriptor duplicated or closed; each also
 * what an `exec` may have left it reading (`kept`).
 *
 * @example
 * applyRedirects(redirectsOf("sh 3< a.sh"), hookDescriptors, new Map(), state, scope);
 * // → { 0: event, 3: file a.sh }
 */
export function applyRedirects(
  redirects: readonly ShellRedirect[],
  enclosing: Descriptors,
  kept: KeptDescriptors,
  state: ShellState,
  scope: WordScope,
): Descriptors {
  if (redirects.length === 0) return enclosing;
  const descriptors = new Map(enclosing);
  const evaluate = (word: ShellWord): EvaluatedWord => ({
    word,
    value: evaluateShellWord(word, scope),
  });
  // A descriptor is what the redirections so far give it, and what an `exec` may have.
  const get = (descriptor: string): DescriptorSource => {
    const source = descriptors.get(descriptor) ?? descriptors.get("*") ?? { kind: "closed" };
    const sources = kept.get(descriptor) ?? [];
    return sources.length === 0 ? source : { kind: "either", sources: [source, ...sources] };
  };
  for (const redirect of redirects) {
    const target = redirect.descriptor ?? (inputOperators.has(redirect.operator) ? "0" : "1");
    if (!/^\d+$/.test(target)) continue;
    switch (redirect.operator) {
      case "<":
      case "<>": {
        const word = evaluate(redirect.target);
        const named = word.value.known && descriptorPath.exec(path.resolve("/", word.value.text));
        const isStdin = word.value.known && word.value.text === "/dev/stdin";
        if (named) descriptors.set(target, get(named[1] ?? ""));
        else if (isStdin) descriptors.set(target, get("0"));
        else descriptors.set(target, { kind: "file", word, state });
        break;
      }
      case "<<":
      case "<<-":
      case "<<<":
        descriptors.set(target, {
          kind: "text",
          word: evaluate(redirect.body ?? redirect.target),
          state,
        });
        break;
      case "<&":
      case ">&": {
        const source = readLiteralWord(redirect.target);
        const duplicated = source === null ? null : /^(\d+)(-?)$/.exec(source);
        if (source === "-") descriptors.set(target, { kind: "closed" });
        else if (duplicated !== null && duplicated[1] !== undefined) {
          descriptors.set(target, get(duplicated[1]));
          if (duplicated[2] === "-") descriptors.set(duplicated[1], { kind: "closed" });
        } else if (redirect.operator === ">&") {
          descriptors.set("1", { kind: "closed" });
          descriptors.set("2", { kind: "closed" });
        } else descriptors.set(target, { kind: "unknown", reason: "a descriptor not known" });
        break;
      }
      case "&>":
      case "&>>":
        descriptors.set("1", { kind: "closed" });
        descriptors.set("2", { kind: "closed" });
        break;
      default:
        descriptors.set(target, { kind: "closed" });
    }
  }
  return descriptors;
}

/**
 * Every source a descriptor may read from: the one `descriptors` give it, and any an `exec` may
 * have opened it on before; not open on one path and open on another, only what it may read.
 */
export function lookUpDescriptor(
  descriptors: Descriptors,
  kept: KeptDescriptors,
  descriptor: string,
): DescriptorSource[] {
  const current = descriptors.get(descriptor) ?? descriptors.get("*") ?? { kind: "closed" };
  const sources = [current, ...(kept.get(descriptor) ?? [])].flatMap((source) =>
    source.kind === "either" ? source.sources : [source],
  );
  const open = sources.filter((source) => source.kind !== "closed");
  return open.length > 0 ? open : sources.slice(0, 1);
}

/** After `exec 3< file`: what the descriptors now read stays open for the rest of the shell. */
export function keepExecDescriptors(
  descriptors: Descriptors,
  kept: KeptDescriptors,
): KeptDescriptors {
  const next = new Map(kept);
  for (const [descriptor, source] of descriptors) {
    if (source === hookDescriptors.get(descriptor)) continue;
    const sources = next.get(descriptor) ?? [];
    if (!sources.includes(source)) next.set(descriptor, [...sources, source]);
  }
  return next;
}

/**
 * Before a loop: an `exec` in its body may have redirected a descriptor before the body's first
 * statements run again, so each descriptor such an `exec` redirects may read something not known.
 */
export function noteLoopDescriptors(
  statements: readonly ShellStatement[],
  kept: KeptDescriptors,
): KeptDescriptors {
  const next = new Map(kept);
  const visit = (statement: ShellStatement): void => {
    const command = statement.command;
    if (command === null) return;
    if (command.kind === "call") {
      const words = command.words;
      if (words.length === 1 && readLiteralWord(words[0] as ShellWord) === "exec") {
        for (const redirect of statement.redirects) {
          const descriptor =
            redirect.descriptor ?? (inputOperators.has(redirect.operator) ? "0" : "1");
          next.set(descriptor, [
            ...(next.get(descriptor) ?? []),
            { kind: "unknown", reason: "a descriptor an exec in a loop redirects" },
          ]);
        }
      }
      return;
    }
    if (command.kind === "and" || command.kind === "or" || command.kind === "pipe") {
      visit(command.left);
      visit(command.right);
    } else if (command.kind === "subshell" || command.kind === "block")
      command.statements.forEach(visit);
    else if (command.kind === "time" && command.statement !== null) visit(command.statement);
    else if (command.kind === "compound") command.branches.flat().forEach(visit);
  };
  statements.forEach(visit);
  return next;
}
