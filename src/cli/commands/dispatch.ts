import type { Command } from "commander";
import { createHookEngine } from "../../engine/engine.js";
import { mergeEngineDiagnostics } from "../merge-engine-diagnostics.js";
import { addPayloadOption, readEventPayload } from "../read-payload.js";
import { addEngineOptions, type EngineFlags, toEngineOptions } from "../shared-options.js";
import { strictOptionHelp, writeDiagnosticLines } from "../write-diagnostic-lines.js";

const dispatchHelp = `
Examples:
  $ echo '{"tool_name":"Bash","tool_input":{"command":"rm -rf /"}}' | agent-hooks dispatch PreToolUse --profile claude
  $ agent-hooks dispatch PreToolUse --payload payload.json --strict
  $ agent-hooks dispatch Stop                     (from a terminal: the payload is {})

Error and warning diagnostics are printed on standard error; the JSON on standard output is unchanged.
Exit codes: 0 dispatched (whatever the decision), 1 usage error or, with --strict, an error
diagnostic, 2 internal error.`;

/**
 * `agent-hooks dispatch <Event>`: runs one event, prints its DispatchResult as JSON on standard
 * output and its error and warning diagnostics on standard error; `--strict` exits 1 on any error.
 */
export function registerDispatchCommand(program: Command): void {
  addEngineOptions(
    addPayloadOption(
      program
        .command("dispatch")
        .description("dispatch one event and print the DispatchResult as JSON")
        .argument("<event>", "event name, such as PreToolUse"),
    )
      .option("--strict", strictOptionHelp)
      .addHelpText("after", dispatchHelp),
  ).action(async (event: string, flags: EngineFlags & { payload?: string; strict?: boolean }) => {
    const options = toEngineOptions(flags);
    const payload = await readEventPayload(options.profile, event, flags.payload);
    const engine = await createHookEngine(options);
    const result = await engine.dispatch(event, payload);
    result.diagnostics = mergeEngineDiagnostics(engine.diagnostics, result.diagnostics);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    // Like Claude Code's -p mode: async hooks still running are killed, not waited for.
    await engine.close();
    const errors = writeDiagnosticLines(result.diagnostics);
    if (flags.strict === true && errors > 0) process.exitCode = 1;
  });
}
