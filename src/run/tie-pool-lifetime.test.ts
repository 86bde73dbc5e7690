import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { waitForProcessEnd } from "../../test/support/is-process-alive.js";
import { packageRoot, runNodeScript } from "../../test/support/run-node-script.js";
import { quoteShellWord } from "../shell/quote-shell-word.js";

// An engine abandoned without close() (built package: npm run build first): its standby ends when
// the engine is garbage collected, and when the host exits, before it could read end-of-file.

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../test/fixtures/prewarm/${name}`, import.meta.url));

async function abandon(mode: "collect" | "exit") {
  const workspace = createTestWorkspace(`prewarm-${mode}`);
  // The hook's command, quoted: a clone's path may hold a space.
  const args = [mode, packageRoot, workspace.project, quoteShellWord(fixture("read-first.sh"))];
  const run = await runNodeScript(fixture("abandon-engine.mjs"), args);
  const ranLog = workspace.path("project", "ran.log");
  const ran = () =>
    existsSync(ranLog) ? readFileSync(ranLog, "utf8").split("\n").filter(Boolean) : [];
  return { run, standby: Number(run.stdout.split("\n")[0]), ran };
}

describe.skipIf(process.platform !== "linux")("tiePoolLifetime", () => {
  it("kills the standbys of an engine collected without close()", async () => {
    const { run, standby, ran } = await abandon("collect");
    expect(run.stderr).toBe("");
    expect(run.stdout.split("\n")[1]).toBe("gone");
    expect(await waitForProcessEnd(standby)).toBe(true);
    expect(ran()).toHaveLength(1);
  });

  it("kills the standbys when the host exits, so none runs on an empty input", async () => {
    const { run, standby, ran } = await abandon("exit");
    expect(run.code).toBe(0);
    expect(await waitForProcessEnd(standby)).toBe(true);
    expect(ran()).toHaveLength(1);
  });
});
