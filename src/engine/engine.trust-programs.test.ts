import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { trustEveryHook } from "../../test/support/trust-every-hook.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import { createHookEngine, type HookEngine } from "./engine.js";

// Issue classes "placeholders and list files" and "programs that run code from files", through a
// real ZeroCode engine: the file that really runs is hashed (a change makes the hook
// `hook_modified`), or the hook shows what it cannot hash from the start.

const engines: HookEngine[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

const codes = (result: DispatchResult) => result.diagnostics.map((item) => item.code);
const statuses = (result: DispatchResult) => result.runs.map((run) => run.status);
const bash = { tool_name: "Bash", tool_input: { command: "ls" } };

/** A ZeroCode home whose one PreToolUse hook runs `command`, trusted at its current hash. */
async function trustedHook(command: (root: string) => string, files: Record<string, string>) {
  const root = createTestWorkspace("trust-programs").root;
  const home = join(root, "home");
  mkdirSync(join(home, ".zerotwo"), { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, ".."), { recursive: true });
    writeFileSync(join(root, name), text, { mode: 0o755 });
  }
  const text = command(root);
  writeFileSync(
    join(home, ".zerotwo", "hooks.json"),
    JSON.stringify({
      hooks: { PreToolUse: [{ hooks: [{ type: "command", command: text, timeout: 20 }] }] },
    }),
  );
  const options = { profile: "zerocode" as const, cwd: root, home, systemDir: join(root, "sys") };
  const [trust] = await trustEveryHook({ home, cwd: root, systemDir: options.systemDir });
  return { root, options, notHashed: trust?.notHashed ?? [] };
}

describe("a change to the file that really runs is noticed", () => {
  it.each([
    ["awk -f", (root: string) => `awk -f ${root}/prog.awk`, "prog.awk", "BEGIN { exit 0 }\n"],
    ["sed -f", (root: string) => `sed -n -f ${root}/prog.sed`, "prog.sed", "# nothing\n"],
    ["sed --file=", (root: string) => `sed -n --file=${root}/prog.sed`, "prog.sed", "# x\n"],
    ["tclsh", (root: string) => `tclsh ${root}/a.tcl`, "a.tcl", "exit 0\n"],
    ["tclsh reading stdin", (root: string) => `tclsh < ${root}/a.tcl`, "a.tcl", "exit 0\n"],
    ["jq -f", (root: string) => `jq -f ${root}/p.jq`, "p.jq", "empty\n"],
    ["bc", (root: string) => `bc -q ${root}/c.bc < /dev/null`, "c.bc", "quit\n"],
    [
      "an exported function",
      (root: string) => `env 'BASH_FUNC_x%%=() { ${root}/a.sh; }' bash -c x`,
      "a.sh",
      "#!/bin/sh\nexit 0\n",
    ],
    ["an alias", (root: string) => `alias x=${root}/a.sh\nx`, "a.sh", "#!/bin/sh\nexit 0\n"],
    [
      "a login shell's profile",
      (root: string) => `HOME=${root}/h sh -l -c true`,
      "h/.profile",
      "true\n",
    ],
    [
      "find -exec with the script given",
      (root: string) => `find ${root} -maxdepth 0 -exec sh ${root}/a.sh {} \\;`,
      "a.sh",
      "exit 0\n",
    ],
    [
      "xargs with the script given",
      (root: string) => `echo x | xargs sh ${root}/a.sh`,
      "a.sh",
      "exit 0\n",
    ],
  ])("%s", async (_, command, file, text) => {
    const { root, options, notHashed } = await trustedHook(command, { [file]: text });
    expect(notHashed.filter((entry) => entry.role !== "data")).toEqual([]);
    const engine = await createHookEngine(options);
    engines.push(engine);
    expect(statuses(await engine.dispatch("PreToolUse", bash))).toEqual(["ok"]);

    writeFileSync(join(root, file), `${text}\n# changed\n`);
    const result = await engine.dispatch("PreToolUse", bash);
    expect(statuses(result)).toEqual(["skipped"]);
    expect(codes(result)).toContain("hook_modified");
  });
});

describe("what cannot be hashed is visible from the start", () => {
  it.each([
    ["find -exec sh {}", (root: string) => `find ${root}/hooks -name a.sh -exec sh {} \\;`, "{}"],
    ["find -exec {} +", (root: string) => `find ${root}/hooks -name a.sh -exec {} +`, "{}"],
    ["xargs sh", (root: string) => `echo ${root}/hooks/a.sh | xargs sh`, "xargs"],
    ["xargs -a list sh", (root: string) => `xargs -a ${root}/list sh`, "xargs"],
    ["xargs -I{}", (root: string) => `echo a | xargs -I{} sh ${root}/hooks/{}.sh`, "xargs"],
    ["awk system()", () => `awk 'BEGIN { system("true") }'`, "system"],
    ["a program not known", (root: string) => `mytool ${root}/hooks/a.sh`, "not known"],
  ])("%s", async (_, command, mark) => {
    const { notHashed } = await trustedHook(command, {
      "hooks/a.sh": "exit 0\n",
      list: "hooks/a.sh\n",
    });
    const code = notHashed.filter((entry) => entry.role !== "data");
    expect(JSON.stringify(code)).toContain(mark);
  });

  it("lists a data read as data, not as an unhashed script", async () => {
    const { root, notHashed } = await trustedHook((at) => `cat ${at}/data.json`, {
      "data.json": "{}",
    });
    expect(notHashed).toEqual([
      expect.objectContaining({ file: join(root, "data.json"), role: "data" }),
    ]);
  });
});
