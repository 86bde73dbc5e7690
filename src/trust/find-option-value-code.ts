import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import type { OptionRole } from "./command-rules.js";
import { findPythonModuleCode } from "./find-python-module-code.js";
import { flagWord, inlineCodeReason } from "./hook-finding.js";
import type { ProgramStep } from "./program-step.js";
import { literal } from "./read-command-option.js";

// PHP settings that load code: a file run before or after the script, or an extension.
const phpCodeSetting =
  /^\s*(auto_prepend_file|auto_append_file|extension|zend_extension)\s*=\s*(.*)$/;

/**
 * Whether an option of this role gives the program itself (inline code, shell code, a module,
 * a script): the words after it are then the program's arguments, not a script.
 */
export function isProgramRole(role: OptionRole): boolean {
  return role === "code" || role === "shell-code" || role === "module" || role === "script";
}

/**
 * What an option's value is, as steps: inline code flagged (hashed with the command, not
 * followed), shell code followed, a Python module's files, a script, a preload or a config file
 * as code, a data file listed, and a PHP setting that loads a file or an extension.
 *
 * @example
 * findOptionValueCode("config", literal("./x.ini", "./x.ini")); // → [code ./x.ini]
 */
export function findOptionValueCode(role: OptionRole, value: EvaluatedWord): ProgramStep[] {
  const source = value.word.source;
  const flag = (reason: string): ProgramStep[] => [
    { kind: "finding", finding: flagWord(source, reason) },
  ];
  switch (role) {
    case "code":
      return flag(
        value.value.known ? inlineCodeReason : `inline code that is ${value.value.reason}`,
      );
    case "shell-code":
      return [{ kind: "shell-code", word: value }];
    case "module":
      return findPythonModuleCode(value);
    case "script":
    case "config":
      return [{ kind: "code", word: value }];
    case "preload":
      return [{ kind: "code", word: value, role: "module" }];
    case "data":
      return [{ kind: "data", word: value, reason: "a file the program reads as data" }];
    case "ini": {
      if (!value.value.known) return flag(`a PHP setting that is ${value.value.reason}`);
      const setting = phpCodeSetting.exec(value.value.text);
      if (setting === null) return [];
      const role = setting[1]?.startsWith("auto") ? "file" : "module";
      return [{ kind: "code", word: literal(setting[2] ?? "", source), role }];
    }
    default:
      return [];
  }
}
