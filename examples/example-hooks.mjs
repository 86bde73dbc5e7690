// What the framework examples share: where the bundled example hooks are, and how a hook's work is
// printed on the session's timeline.
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository: the example hooks name their scripts relative to it, so sessions run there. */
export const repository = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** The bundled example hooks (examples/hooks.json). */
export const exampleHooksFile = path.join(repository, "examples", "hooks.json");

/** An `onDispatch` for tool hooks: the event, the tool, the decision and any added context. */
export function printDispatch(result, call) {
  const reason = result.reason === null ? "" : `: ${result.reason}`;
  console.log(
    `hook  ${result.event} ${call.toolName} → ${result.decision ?? "no decision"}${reason}`,
  );
  for (const context of result.additionalContext) console.log(`      context → ${context}`);
}

/** An `onStop`: whether a Stop hook sent the agent back to work. */
export function printStop(verdict) {
  console.log(
    verdict.continue
      ? `hook  Stop → block: ${verdict.reason} (the agent goes back to work)`
      : "hook  Stop → no block: the turn ends",
  );
}
