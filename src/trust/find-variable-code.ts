import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import { codeLoadingVariables, exportedFunctionVariable } from "./command-rules.js";
import { flagWord } from "./hook-finding.js";
import { type InterpreterRule, interpreterRules } from "./interpreter-rules.js";
import type { CommandStep } from "./program-step.js";
import { literal, readCommandOption } from "./read-command-option.js";

const optionsRules = {
  "node-options": interpreterRules.node,
  "ruby-options": interpreterRules.ruby,
  "perl-options": interpreterRules.perl,
} as const;

/**
 * The code a variable given to a program makes it load (see `codeLoadingVariables`): a file it
 * sources or preloads (`BASH_ENV`, `LD_PRELOAD`), the preloads among its options (`NODE_OPTIONS`,
 * `RUBYOPT`, `PERL5OPT`), shell code (`PROMPT_COMMAND`, an exported function's body), or a search
 * path flagged; `value` is the variable's value, evaluated where it is set.
 *
 * @example
 * findVariableCode("BASH_ENV", literal("./env.sh", "./env.sh")); // → [code ./env.sh]
 */
export function findVariableCode(name: string, value: EvaluatedWord): CommandStep[] {
  const label = `${name}=${value.word.source}`;
  const flag = (reason: string): CommandStep[] => [
    { kind: "finding", finding: flagWord(label, reason) },
  ];
  if (exportedFunctionVariable.test(name)) {
    // bash defines the function from the variable's value: its body runs when it is called.
    if (!value.value.known)
      return flag(`${name} exports a function whose body is ${value.value.reason}`);
    return [{ kind: "shell-text", text: `exported_function ${value.value.text}`, label }];
  }
  const kind = Object.hasOwn(codeLoadingVariables, name) ? codeLoadingVariables[name] : undefined;
  if (kind === undefined) return [];
  if (!value.value.known) return flag(`${name} loads code, and its value is ${value.value.reason}`);
  const text = value.value.text;
  switch (kind) {
    case "file":
      return [{ kind: "code", word: literal(text, label) }];
    case "file-list":
      return text
        .split(/[\s:]+/)
        .filter(Boolean)
        .map((file) => ({ kind: "code", word: literal(file, label) }));
    case "node-options":
    case "ruby-options":
    case "perl-options": {
      const rule = optionsRules[kind];
      if (rule === undefined) return [];
      if (/["'\\$`]/.test(text))
        return flag(`${name} loads code, and its options are quoted in a way not followed here`);
      const words = text
        .split(/\s+/)
        .filter(Boolean)
        .map((option) => literal(option, label));
      return findOptionsCode(words, rule);
    }
    case "shell-code":
      return [{ kind: "shell-text", text, label }];
    case "search-path":
      if (name === "PATH") return [];
      return flag(`${name} changes where modules or libraries are found, and those are not hashed`);
  }
}

// The options of NODE_OPTIONS, RUBYOPT, PERL5OPT: preloads are followed; there is no script.
function findOptionsCode(words: readonly EvaluatedWord[], rule: InterpreterRule): CommandStep[] {
  const steps: CommandStep[] = [];
  let index = 0;
  while (index < words.length) {
    const option = readCommandOption(words, index, rule);
    if (option === null) {
      index += 1;
      continue;
    }
    if (option.value !== null && option.role === "preload" && rule.preloadLookup !== undefined)
      steps.push({ kind: "preload", word: option.value, rule });
    else if (option.value !== null)
      steps.push({ kind: "value", role: option.role, word: option.value });
    index = option.next;
  }
  return steps;
}
