import { flagWord, inlineCodeReason } from "./hook-finding.js";
import type { CommandStep } from "./program-step.js";
import type { DescriptorSource } from "./shell-descriptors.js";

/**
 * The program a shell or interpreter reads from a descriptor (`sh < a.sh`, `sh /dev/fd/3 3< a.sh`,
 * a here-document), from every source it may read (`sources`, plus a pipe when `piped`): each file
 * is code, a here-document of shell code is followed (a sourced one in this shell, else in a
 * child), and the event payload, a pipe, inline code in another language or a descriptor not open
 * are flagged.
 *
 * @example
 * findDescriptorProgram([{ kind: "pipe" }], "0", "sh", "shell", false);
 * // → [flag "sh": "the program is read from a pipe"]
 */
export function findDescriptorProgram(
  sources: readonly DescriptorSource[],
  descriptor: string,
  label: string,
  language: "shell" | "other" | "sourced",
  piped: boolean,
): CommandStep[] {
  const steps: CommandStep[] = [];
  const flag = (word: string, reason: string) =>
    steps.push({ kind: "finding", finding: flagWord(word, reason) });
  const all =
    piped && !sources.some((source) => source.kind === "pipe")
      ? [...sources, { kind: "pipe" as const }]
      : sources;
  for (const source of all) {
    switch (source.kind) {
      case "event":
        // Unless an `exec <` may have given it a file instead (that one is followed).
        if (all.some((other) => other.kind === "file" || other.kind === "text")) break;
        flag(
          label,
          "the program is read from the hook's stdin, the event payload, which is not known before the shell runs",
        );
        break;
      case "file":
        steps.push({ kind: "code", word: source.word, state: source.state });
        break;
      case "text": {
        const value = source.word.value;
        const written = source.word.word.source;
        if (!value.known) flag(written, `the program is read from text that is ${value.reason}`);
        else if (language === "sourced")
          steps.push({ kind: "shell-text", text: value.text, label: written });
        else if (language === "shell")
          steps.push({ kind: "shell-code", word: source.word, state: source.state });
        else flag(written, inlineCodeReason);
        break;
      }
      case "pipe":
        flag(label, "the program is read from a pipe");
        break;
      case "unknown":
        flag(label, `the program is read from ${source.reason}`);
        break;
      case "closed":
        flag(label, `the program is read from descriptor ${descriptor}, not open here`);
        break;
      case "either":
        break;
    }
  }
  return steps;
}
