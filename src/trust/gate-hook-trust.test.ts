import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import type { HookDefinition } from "../config/hook-definition.js";
import { loadConfig } from "../config/load-config.js";
import { createHookEngine, type HookEngine } from "../engine/engine.js";
import { type CompiledHook, compileHooks } from "../match/compile-hooks.js";
import { zerocodeProfile } from "../profiles/zerocode.js";
import { createCommandSuggester } from "../shared/format-agent-hooks-command.js";
import { evaluateHookTrust } from "./evaluate-hook-trust.js";
import { createTrustGate } from "./gate-hook-trust.js";
import { createEmptyTrustStore, writeTrustStore } from "./trust-store.js";
import { recordHookTrusted } from "./update-trust-store.js";

const engines: HookEngine[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

const deny = (reason: string) =>
  JSON.stringify({
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: reason,
    },
  });
const script = (output: string) => `#!/bin/sh\ncat >/dev/null\necho '${output}'\n`;

// A ZeroCode home whose one PreToolUse hook is `command`, with every hook trusted as it is now.
async function trustedSetup(command: string, files: Record<string, string>) {
  const root = createTestWorkspace("gate").root;
  const home = join(root, "home");
  mkdirSync(join(home, ".zerotwo"), { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, ".."), { recursive: true });
    writeFileSync(join(root, name), text, { mode: 0o755 });
  }
  const hooks = { PreToolUse: [{ hooks: [{ type: "command", command }] }] };
  writeFileSync(join(home, ".zerotwo", "hooks.json"), JSON.stringify({ hooks }));
  const options = { profile: "zerocode" as const, cwd: root, home, systemDir: join(root, "etc") };
  const { definitions } = await loadConfig(zerocodeProfile, {
    home,
    cwd: root,
    systemDir: options.systemDir,
  });
  const trust = await evaluateHookTrust(definitions, createEmptyTrustStore(), { cwd: root, home });
  let store = createEmptyTrustStore();
  for (const [definition, entry] of trust) {
    store = recordHookTrusted(store, { definition, trust: entry });
  }
  await writeTrustStore(join(home, ".zerotwo", "hooks-trust.json"), store);
  return { root, home, options, definitions };
}

// The one PreToolUse hook of a setup, as the engine compiles it.
function compileFirstHook(definitions: readonly HookDefinition[]): CompiledHook {
  const hook = compileHooks(definitions, zerocodeProfile).byEvent.get("PreToolUse")?.[0];
  if (hook === undefined) throw new Error("no PreToolUse hook compiled");
  return hook;
}

describe("the trust gate with command lists", () => {
  it("refuses a trusted `a.sh && b.sh` hook once b.sh is replaced, and b.sh never runs", async () => {
    const { root, options } = await trustedSetup("./a.sh && ./b.sh", {
      "a.sh": "#!/bin/sh\ncat >/dev/null\n",
      "b.sh": script(deny("original b")),
    });
    const engine = await createHookEngine(options);
    engines.push(engine);
    const before = await engine.dispatch("PreToolUse", { tool_name: "Bash", tool_input: {} });
    expect(before).toMatchObject({ decision: "deny", reason: "original b" });

    writeFileSync(join(root, "b.sh"), script(deny("swapped b")));
    const after = await engine.dispatch("PreToolUse", { tool_name: "Bash", tool_input: {} });
    expect(after.runs[0]?.status).toBe("skipped");
    expect(after.diagnostics.map((item) => item.code)).toContain("hook_modified");
    expect(after.decision).toBeNull();

    // A new engine sees the hook as modified from the start.
    const reloaded = await createHookEngine(options);
    engines.push(reloaded);
    expect(reloaded.diagnostics.map((item) => item.code)).toContain("hooks_need_review");
  });

  it("refuses a trusted pipeline and `;` list whose later script changed", async () => {
    for (const command of ["./a.sh | ./b.sh", "./a.sh; ./b.sh", "./a.sh 2>/dev/null || ./b.sh"]) {
      const { root, home, definitions } = await trustedSetup(command, {
        "a.sh": "#!/bin/sh\ncat\n",
        "b.sh": "#!/bin/sh\ncat >/dev/null\n",
      });
      const gate = await createTrustGate(zerocodeProfile, definitions, {
        cwd: root,
        home,
        bypass: false,
        suggestCommand: createCommandSuggester({ profile: "zerocode" }),
      });
      const hook = compileFirstHook(definitions);
      const { definition } = hook;
      expect(gate.stateOf(definition)).toBe("trusted");
      expect(await gate.verify(hook)).toBeNull();
      writeFileSync(join(root, "b.sh"), '#!/bin/sh\nrm -rf "$HOME"\n');
      expect((await gate.verify(hook))?.code).toBe("hook_modified");
    }
  });

  it("reports the script words it cannot hash, and nothing for fully hashed hooks", async () => {
    const unknown = await trustedSetup('./a.sh && "$(dirname x)/b.sh"', {
      "a.sh": "#!/bin/sh\n",
      "b.sh": "#!/bin/sh\n",
    });
    const unknownGate = await createTrustGate(zerocodeProfile, unknown.definitions, {
      cwd: unknown.root,
      home: unknown.home,
      bypass: false,
      suggestCommand: createCommandSuggester({ profile: "zerocode" }),
    });
    const unknownHook = compileFirstHook(unknown.definitions);
    expect(unknownGate.notHashedOf(unknownHook.definition)).toEqual([
      { word: '"$(dirname x)/b.sh"', reason: "the program is a command substitution" },
    ]);

    const known = await trustedSetup("./a.sh && ./b.sh", { "a.sh": "", "b.sh": "" });
    const knownGate = await createTrustGate(zerocodeProfile, known.definitions, {
      cwd: known.root,
      home: known.home,
      bypass: false,
      suggestCommand: createCommandSuggester({ profile: "zerocode" }),
    });
    expect(knownGate.notHashedOf(compileFirstHook(known.definitions).definition)).toEqual([]);
  });

  it("hashes the git-root form and refuses it once its script is replaced", async () => {
    const command = '/bin/sh "$(git rev-parse --show-toplevel)/.zerotwo/hooks/check.sh"';
    const { root, home, definitions } = await trustedSetup(command, {
      // A repository as git checks one: HEAD, objects and refs.
      ".git/HEAD": "ref: refs/heads/main\n",
      ".git/objects/.keep": "",
      ".git/refs/.keep": "",
      ".zerotwo/hooks/check.sh": "#!/bin/sh\ncat >/dev/null\n",
    });
    const gate = await createTrustGate(zerocodeProfile, definitions, {
      cwd: join(root, ".zerotwo"),
      home,
      bypass: false,
      suggestCommand: createCommandSuggester({ profile: "zerocode" }),
    });
    const hook = compileFirstHook(definitions);
    // Only what git reads to find the repository, listed as data.
    expect(gate.notHashedOf(hook.definition).every((entry) => entry.role === "data")).toBe(true);
    expect(await gate.verify(hook)).toBeNull();
    writeFileSync(join(root, ".zerotwo/hooks/check.sh"), "#!/bin/sh\necho swapped\n");
    expect((await gate.verify(hook))?.code).toBe("hook_modified");
  });
});

// Commands where a hand-written splitter and the shell disagreed, or where the file that runs
// is not the first word: each is trusted, its real script is replaced, and the engine must
// refuse to run the replacement.
describe("trust follows what the shell runs", () => {
  it.each([
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell code
    ['./hooks/a.sh "${X:-"}"}"', "hooks/a.sh"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell code
    ["echo ${X:-$(./hooks/a.sh)} >/dev/null; ./hooks/a.sh", "hooks/a.sh"],
    ["env -C hooks ./a.sh", "hooks/a.sh"],
    ["env --chdir=hooks ./a.sh", "hooks/a.sh"],
    ["cd hooks && ./a.sh", "hooks/a.sh"],
    ["sh -c 'cd hooks; exec ./a.sh'", "hooks/a.sh"],
    ["timeout 10 ./hooks/a.sh", "hooks/a.sh"],
    ["nice -n 5 ./hooks/a.sh", "hooks/a.sh"],
    ["nohup ./hooks/a.sh 2>/dev/null", "hooks/a.sh"],
    ["eval ./hooks/a.sh", "hooks/a.sh"],
    ["command ./hooks/a.sh", "hooks/a.sh"],
    ["exec ./hooks/a.sh", "hooks/a.sh"],
    ["sh < hooks/a.sh", "hooks/a.sh"],
    ["sh -s < hooks/a.sh", "hooks/a.sh"],
    ["echo x | xargs ./hooks/a.sh", "hooks/a.sh"],
    ["BASH_ENV=./hooks/env.sh bash -c 'cat >/dev/null; echo {}'", "hooks/env.sh"],
    ["node -r ./hooks/pre.cjs ./hooks/main.cjs", "hooks/pre.cjs"],
    ["node --require=./hooks/pre.cjs ./hooks/main.cjs", "hooks/pre.cjs"],
    ["NODE_OPTIONS='--require ./hooks/pre.cjs' node ./hooks/main.cjs", "hooks/pre.cjs"],
  ])("%s: replacing %s after trust skips the hook", async (command, replaced) => {
    const files: Record<string, string> = {
      "hooks/a.sh": script(deny("reviewed")),
      "hooks/env.sh": "true\n",
      "hooks/pre.cjs": "",
      "hooks/main.cjs": `process.stdin.resume(); process.stdin.on("end", () => console.log(${JSON.stringify(deny("reviewed"))}));\n`,
    };
    const { root, options, definitions } = await trustedSetup(command, files);
    const gate = await createTrustGate(zerocodeProfile, definitions, {
      cwd: root,
      home: options.home,
      bypass: false,
      suggestCommand: createCommandSuggester({ profile: "zerocode" }),
    });
    expect(gate.notHashedOf(compileFirstHook(definitions).definition)).toEqual([]);
    const engine = await createHookEngine(options);
    engines.push(engine);
    const before = await engine.dispatch("PreToolUse", { tool_name: "Bash", tool_input: {} });
    expect(before.runs[0]?.status).not.toBe("skipped");

    const swapped =
      replaced.endsWith(".sh") && replaced !== "hooks/env.sh"
        ? script(deny("swapped"))
        : "// swapped\n";
    writeFileSync(join(root, replaced), swapped);
    const after = await engine.dispatch("PreToolUse", { tool_name: "Bash", tool_input: {} });
    expect(after.runs[0]?.status).toBe("skipped");
    expect(after.diagnostics.map((item) => item.code)).toContain("hook_modified");
    expect(after.reason).not.toBe("swapped");
  });

  it.each([
    ["a command the parser rejects", './hooks/a.sh\n: "', "the bash parser rejects the command"],
    ["a program from a variable", '"$HOOK" --check', "the program is the variable $HOOK"],
    ["a glob", "./hooks/*.sh", "a glob"],
    ["a module found by name", "python3 -m hooks.guard", "a module found on Python's module path"],
    ["a script read from a pipe", "cat hooks/a.sh | sh", "the program is read from a pipe"],
  ])("lists %s as not hashed, with the reason", async (_, command, reason) => {
    const { root, home, definitions } = await trustedSetup(command, { "hooks/a.sh": "" });
    const gate = await createTrustGate(zerocodeProfile, definitions, {
      cwd: root,
      home,
      bypass: false,
      suggestCommand: createCommandSuggester({ profile: "zerocode" }),
    });
    const notHashed = gate.notHashedOf(compileFirstHook(definitions).definition);
    expect(notHashed.map((entry) => entry.reason).join("\n")).toContain(reason);
  });
});
