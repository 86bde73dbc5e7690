import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import { loadConfig } from "./load-config.js";

const configs = fileURLToPath(new URL("../../test/fixtures/configs/", import.meta.url));
const seedHome = join(configs, "seed-example", "home");

function createTemporaryDirectory(): string {
  return createTestWorkspace("config").root;
}

describe("loadConfig (deepagents)", () => {
  it("discovers ~/.deepagents/hooks.json under `home` and loads the seed's example", async () => {
    const loaded = await loadConfig(deepagentsProfile, { home: seedHome, cwd: configs });
    const file = join(seedHome, ".deepagents", "hooks.json");
    expect(loaded.sources).toEqual([
      { file, layer: "user", dialect: "deepagents", explicit: false, trust: "none" },
    ]);
    expect(loaded.diagnostics).toEqual([]);
    expect(
      loaded.definitions.map((d) => [d.event, d.matcher, d.command, d.timeoutMs, d.statusMessage]),
    ).toEqual([
      ["PreToolUse", "Bash", "~/.deepagents/hooks/block-rm.sh", 600_000, null],
      ["SessionStart", "startup|resume", "~/.deepagents/hooks/load-context.sh", 600_000, null],
      ["Stop", null, ["/usr/bin/env", "notify", "Agent finished"], 2_500, "Notifying"],
    ]);
    for (const definition of loaded.definitions) {
      expect(definition.file).toBe(file);
      expect(definition.layer).toBe("user");
    }
  });

  it("is silent when the discovered file does not exist", async () => {
    const home = createTemporaryDirectory();
    const loaded = await loadConfig(deepagentsProfile, { home, cwd: home });
    expect(loaded).toMatchObject({ definitions: [], diagnostics: [] });
    expect(loaded.sources[0]?.file).toBe(join(home, ".deepagents", "hooks.json"));
  });

  it("reads `configFiles` instead of discovery, resolving them against cwd and ~", async () => {
    const home = createTemporaryDirectory();
    writeFileSync(
      join(home, "extra.json"),
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "./x.sh" }] }] } }),
    );
    const loaded = await loadConfig(deepagentsProfile, {
      home,
      cwd: configs,
      configFiles: ["layered/first.json", "~/extra.json"],
    });
    expect(loaded.sources.map((source) => [source.file, source.layer, source.explicit])).toEqual([
      [join(configs, "layered", "first.json"), "explicit", true],
      [join(home, "extra.json"), "explicit", true],
    ]);
    expect(loaded.definitions.map((definition) => definition.command)).toEqual([
      "./first-a.sh",
      "./first-b.sh",
      "./x.sh",
    ]);
  });

  it("numbers groups per event across files in order, so ids never collide", async () => {
    const loaded = await loadConfig(deepagentsProfile, {
      home: seedHome,
      cwd: configs,
      configFiles: ["layered/first.json", "layered/second.json"],
    });
    expect(
      loaded.definitions.map((d) => [d.event, d.groupIndex, d.handlerIndex, d.path, d.command]),
    ).toEqual([
      ["PreToolUse", 0, 0, "hooks.PreToolUse[0].hooks[0]", "./first-a.sh"],
      ["PreToolUse", 1, 0, "hooks.PreToolUse[1].hooks[0]", "./first-b.sh"],
      // The loader does not compile matchers: second.json's "(" group is dropped later.
      ["PreToolUse", 2, 0, "hooks.PreToolUse[0].hooks[0]", "./second-a.sh"],
      ["PreToolUse", 3, 0, "hooks.PreToolUse[1].hooks[0]", "./second-b.sh"],
      ["PreToolUse", 3, 1, "hooks.PreToolUse[1].hooks[1]", "./second-c.sh"],
      ["Stop", 0, 0, "hooks.Stop[0].hooks[0]", "./second-stop.sh"],
    ]);
    expect(loaded.definitions.find((d) => d.command === "./second-c.sh")?.timeoutMs).toBe(1_000);
  });

  it("reports every bad item of a file with its path and keeps the valid handler", async () => {
    const file = join(configs, "bad-shapes", "hooks.json");
    const loaded = await loadConfig(deepagentsProfile, {
      home: seedHome,
      cwd: configs,
      configFiles: [file],
    });
    expect(loaded.diagnostics.map((d) => [d.code, d.path])).toEqual([
      ["unknown_field", "version"],
      ["invalid_config", "hooks.PreToolUse[0]"],
      ["invalid_config", "hooks.PreToolUse[1].hooks"],
      ["invalid_config", "hooks.PreToolUse[2].matcher"],
      ["unknown_field", "hooks.PreToolUse[3].when"],
      ["unsupported_handler_type", "hooks.PreToolUse[3].hooks[0].type"],
      ["unsupported_handler_type", "hooks.PreToolUse[3].hooks[1].type"],
      ["invalid_config", "hooks.PreToolUse[3].hooks[2].type"],
      ["invalid_config", "hooks.PreToolUse[3].hooks[3].command"],
      ["invalid_config", "hooks.PreToolUse[3].hooks[4].command"],
      ["invalid_config", "hooks.PreToolUse[3].hooks[5].command"],
      ["invalid_config", "hooks.PreToolUse[3].hooks[6].timeout"],
      ["invalid_config", "hooks.PreToolUse[3].hooks[7].timeout"],
      ["invalid_config", "hooks.PreToolUse[3].hooks[8].timeout"],
      ["invalid_config", "hooks.PreToolUse[3].hooks[9].statusMessage"],
      ["invalid_config", "hooks.PreToolUse[3].hooks[10].if"],
      ["invalid_config", "hooks.PreToolUse[3].hooks[11]"],
      ["unknown_field", "hooks.PreToolUse[3].hooks[12].shell"],
      ["invalid_config", "hooks.Stop"],
      ["unknown_event", "hooks.AfterEverything"],
      ["unknown_event", "hooks.UserPromptSubmit"],
    ]);
    for (const diagnostic of loaded.diagnostics) expect(diagnostic.file).toBe(file);
    expect(loaded.definitions.map((d) => [d.path, d.command])).toEqual([
      ["hooks.PreToolUse[3].hooks[12]", "./valid.sh"],
    ]);
  });

  it("rejects a timeout that JSON text makes infinite (1e400)", async () => {
    const home = createTemporaryDirectory();
    const file = join(home, "hooks.json");
    writeFileSync(
      file,
      '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"./x.sh","timeout":1e400}]}]}}',
    );
    const loaded = await loadConfig(deepagentsProfile, { home, cwd: home, configFiles: [file] });
    expect(loaded.diagnostics.map((d) => [d.code, d.path])).toEqual([
      ["invalid_config", "hooks.Stop[0].hooks[0].timeout"],
    ]);
    expect(loaded.definitions).toEqual([]);
  });

  it("reports a file that is not JSON as invalid_json with its position; other files load", async () => {
    const home = createTemporaryDirectory();
    mkdirSync(join(home, ".deepagents"));
    const file = join(home, ".deepagents", "hooks.json");
    writeFileSync(file, readFileSync(join(configs, "invalid-json", "hooks.json.txt")));
    const discovered = await loadConfig(deepagentsProfile, { home, cwd: home });
    expect(discovered.diagnostics).toEqual([
      {
        code: "invalid_json",
        severity: "error",
        message: `${file} is not valid JSON: expected a value at line 5, column 5`,
        file,
        path: null,
      },
    ]);
    expect(discovered.definitions).toEqual([]);

    const withOthers = await loadConfig(deepagentsProfile, {
      home,
      cwd: configs,
      configFiles: [file, "layered/second.json"],
    });
    expect(withOthers.diagnostics.map((d) => d.code)).toEqual(["invalid_json"]);
    expect(withOthers.definitions.map((d) => d.groupIndex)).toEqual([0, 1, 1, 0]);
  });

  it("reports a missing explicit file as config_not_found and an unreadable one as invalid_config", async () => {
    const home = createTemporaryDirectory();
    const missing = join(home, "missing.json");
    const loaded = await loadConfig(deepagentsProfile, {
      home,
      cwd: home,
      configFiles: [missing, home, join(configs, "layered", "first.json")],
    });
    expect(loaded.diagnostics.map((d) => [d.code, d.severity, d.file])).toEqual([
      ["config_not_found", "error", missing],
      ["invalid_config", "error", home],
    ]);
    expect(loaded.definitions).toHaveLength(2);
  });

  it("reads each file once: the result does not follow later edits", async () => {
    const home = createTemporaryDirectory();
    const file = join(home, "hooks.json");
    const write = (command: string) =>
      writeFileSync(
        file,
        JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command }] }] } }),
      );
    write("./before.sh");
    const loaded = await loadConfig(deepagentsProfile, { home, cwd: home, configFiles: [file] });
    write("./after.sh");
    expect(loaded.definitions.map((d) => d.command)).toEqual(["./before.sh"]);
  });
});
