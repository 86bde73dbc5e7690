import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { trustEveryHook } from "../../test/support/trust-every-hook.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import { createHookEngine, type HookEngine } from "./engine.js";

// Hook trust through a real ZeroCode engine for commands whose program comes from a variable
// or from stdin or a descriptor: what runs is hashed (a change is refused), or the hook shows
// as not hashed from the start.

const engines: HookEngine[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

const codes = (result: DispatchResult) => result.diagnostics.map((item) => item.code);
const statuses = (result: DispatchResult) => result.runs.map((run) => run.status);
const bash = { tool_name: "Bash", tool_input: { command: "ls" } };

/** A project with `a.sh` (logs `a`) and `b.sh` (logs `b`), and one trusted hook running `command` there. */
async function trustedHook(command: string) {
  const root = createTestWorkspace("trust-variables").root;
  const home = join(root, "home");
  mkdirSync(join(home, ".zerotwo"), { recursive: true });
  const log = join(root, "log");
  // Plain shell lines: a shell reading one of these on stdin reads it line by line.
  const writeScript = (name: string, label: string) =>
    writeFileSync(join(root, name), `# ${label}\necho ${label} >> ${log}\n`, { mode: 0o755 });
  writeScript("a.sh", "a");
  writeScript("b.sh", "b");
  writeFileSync(
    join(home, ".zerotwo", "hooks.json"),
    JSON.stringify({
      hooks: { PreToolUse: [{ hooks: [{ type: "command", command, timeout: 20 }] }] },
    }),
  );
  const options = {
    profile: "zerocode" as const,
    cwd: root,
    home,
    systemDir: join(root, "system"),
  };
  const trusts = await trustEveryHook({ home, cwd: root, systemDir: options.systemDir });
  const engine = await createHookEngine(options);
  engines.push(engine);
  const readLog = () => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : []);
  return { root, engine, trust: trusts[0], readLog, writeScript };
}

describe("ZeroCode hook trust: programs read from stdin or a descriptor", () => {
  it.each([
    "sh /dev/fd/3 3< a.sh",
    ". /dev/stdin < a.sh",
    "{ sh; } < a.sh",
    "(sh) < a.sh",
    "bash /dev/stdin < a.sh",
    "exec 3< a.sh; sh <&3",
    "exec < a.sh; sh",
    "while read -r line; do sh; done < a.sh",
  ])("%s: a trusted hook whose a.sh changes is refused", async (command) => {
    const hook = await trustedHook(command);
    expect(hook.trust?.notHashed).toBeUndefined();
    expect(hook.trust?.files).toContain(join(hook.root, "a.sh"));
    expect(statuses(await hook.engine.dispatch("PreToolUse", bash))).toEqual(["ok"]);
    expect(hook.readLog()).toEqual(["a"]);

    hook.writeScript("a.sh", "changed");
    const result = await hook.engine.dispatch("PreToolUse", bash);
    expect(statuses(result)).toEqual(["skipped"]);
    expect(codes(result)).toContain("hook_modified");
    expect(hook.readLog()).toEqual(["a"]);
  });

  it.each([
    ["f() { sh; }; f < a.sh", "sh"],
    ["cat a.sh - | sh", "sh"],
    ['sh <<< "$(cat a.sh)"', '"$(cat a.sh)"'],
  ])("%s: shows as not hashed from the start", async (command, word) => {
    const hook = await trustedHook(command);
    expect(hook.trust?.notHashed?.map((entry) => entry.word)).toContain(word);
  });
});

describe("ZeroCode hook trust: variables", () => {
  it.each([
    // `f` names the script that really runs: ./b.sh.
    "X=./a.sh; read X < f; $X",
    "X=./a.sh; for X in ./b.sh; do :; done; $X",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell code
    "X=; : ${X:=./b.sh}; $X",
    "X=./a.sh; X=./b.sh :; $X",
    "X=./a.sh; f() { X=./b.sh; }; f; $X",
    "X=./a.sh; X=./b.sh eval :; $X",
    "X=./a.sh; IFS=/; $X",
  ])("%s: shows as not hashed, and ./a.sh is not taken for what runs", async (command) => {
    const hook = await trustedHook(command);
    writeFileSync(join(hook.root, "f"), "./b.sh\n");
    expect(hook.trust?.files ?? []).not.toContain(join(hook.root, "a.sh"));
    expect(hook.trust?.notHashed?.map((entry) => entry.word)).toContain("$X");
  });

  it("a variable known for certain: the trusted file that runs is hashed, and a change refused", async () => {
    const hook = await trustedHook('X=./b.sh; if [ -f f ]; then X=./b.sh; fi; X=./a.sh; sh "$X"');
    expect(hook.trust?.notHashed).toBeUndefined();
    expect(statuses(await hook.engine.dispatch("PreToolUse", bash))).toEqual(["ok"]);
    expect(hook.readLog()).toEqual(["a"]);
    hook.writeScript("a.sh", "changed");
    const result = await hook.engine.dispatch("PreToolUse", bash);
    expect(codes(result)).toContain("hook_modified");
    expect(hook.readLog()).toEqual(["a"]);
  });
});
