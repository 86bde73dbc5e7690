import type { DialectParser } from "../dialect-result.js";
import { flatHookFileShapes } from "./flat-hook-file-shapes.js";
import { readFlatHookFile } from "./read-flat-hook-file.js";

/**
 * Parses a Copilot CLI hook file, or the `hooks` of its settings files
 * (docs.github.com/en/copilot/reference/hooks-reference): `version: 1`, flat entries per
 * camelCase event (or its PascalCase name) with `type`, `bash`, `powershell`, `cwd`, `env`,
 * `timeoutSec` and `matcher`.
 */
export const parseCopilotConfig: DialectParser = (document, source, profile) =>
  readFlatHookFile(document, source, profile, flatHookFileShapes.copilot);
