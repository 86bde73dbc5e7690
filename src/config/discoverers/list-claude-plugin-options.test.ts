import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../diagnostic.js";
import { listClaudePluginOptions } from "./list-claude-plugin-options.js";

const settings = (file: string, pluginConfigs: unknown) => ({ file, settings: { pluginConfigs } });

describe("listClaudePluginOptions", () => {
  it("merges options key by key: a later file wins, the managed file wins over all", () => {
    const diagnostics: Diagnostic[] = [];
    const options = listClaudePluginOptions(
      [settings("/managed.json", { "p@m": { options: { locked: "managed" } } })],
      [
        settings("/user.json", { "p@m": { options: { a: "user", b: "user", locked: "user" } } }),
        settings("/project.json", {
          "p@m": { options: { b: "project" } },
          "q@m": { options: { c: 1 } },
        }),
      ],
      diagnostics,
    );
    expect(Object.fromEntries(options)).toEqual({
      "p@m": { locked: "managed", a: "user", b: "project" },
      "q@m": { c: 1 },
    });
    expect(diagnostics).toEqual([]);
  });

  it("ignores a pluginConfigs or options that is not an object, with a warning", () => {
    const diagnostics: Diagnostic[] = [];
    const options = listClaudePluginOptions(
      [],
      [
        settings("/a.json", ["not", "an", "object"]),
        settings("/b.json", { "p@m": { options: "x" }, "q@m": { mcpServers: {} } }),
      ],
      diagnostics,
    );
    expect(options.size).toBe(0);
    expect(diagnostics.map((entry) => [entry.code, entry.file, entry.path])).toEqual([
      ["invalid_config", "/a.json", "pluginConfigs"],
      ["invalid_config", "/b.json", 'pluginConfigs["p@m"].options'],
    ]);
  });
});
