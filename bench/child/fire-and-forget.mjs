// Scenario f in a fresh host process: only the engine is loaded, as in an agent that embeds it.
// Usage: node fire-and-forget.mjs <bursts>; prints one JSON line.
import { measureFireAndForget } from "../lib/measure-fire-and-forget.mjs";
import { createWorkspace } from "../lib/workspace.mjs";

const workspace = createWorkspace();
try {
  const measured = await measureFireAndForget(workspace, Number(process.argv[2] ?? 3));
  process.stdout.write(`${JSON.stringify(measured)}\n`);
} finally {
  workspace.remove();
}
