import type { HookFormat } from "../../convert/hook-format.js";
import { createHostEvents, createHostTools, listFormatEventNames } from "./create-host-names.js";
import type { ShimHost } from "./shim-host.js";

/** The parts of a host that its convert format gives, or that most hosts share. */
export type ShimHostDefaults = Pick<
  ShimHost,
  | "name"
  | "title"
  | "events"
  | "tools"
  | "timeouts"
  | "patchesFiles"
  | "camelCasePayloads"
  | "exitTwoBlocks"
  | "shimVariables"
  | "projectDirectory"
>;

/**
 * A host's name, title, events, tool names (its payloads carry its own where `writesToolNames`)
 * and timeouts from its convert format; no `apply_patch`, snake_case payloads, exit 2 blocks, no
 * variable of its own, `CLAUDE_PROJECT_DIR` at the directory it runs the hook in.
 *
 * @example
 * ```ts
 * const defaults = createHostDefaults(geminiFormat, true);
 * defaults.tools.writeName("Bash"); // "run_shell_command"
 * ```
 */
export function createHostDefaults(format: HookFormat, writesToolNames: boolean): ShimHostDefaults {
  return {
    name: format.name,
    title: format.title,
    events: createHostEvents(listFormatEventNames(format)),
    tools: createHostTools(format.toolNames.internalNames, writesToolNames),
    timeouts: { defaultSeconds: format.defaultTimeoutSeconds, unit: format.timeoutUnit },
    patchesFiles: false,
    camelCasePayloads: false,
    exitTwoBlocks: true,
    shimVariables: [],
    projectDirectory: {
      description: `the directory ${format.title} runs the hook in`,
      find: (input) => input.cwd,
    },
  };
}
