import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../diagnostic.js";
import { createPluginOptionVariables } from "./create-plugin-option-variables.js";

const base = { pluginId: "notify@acme-tools", manifestFile: "/plugin/.claude-plugin/plugin.json" };

describe("createPluginOptionVariables", () => {
  it.each([
    ["apiUrl", "CLAUDE_PLUGIN_OPTION_APIURL"],
    ["api_url", "CLAUDE_PLUGIN_OPTION_API_URL"],
    ["api-url", "CLAUDE_PLUGIN_OPTION_API_URL"],
    ["région", "CLAUDE_PLUGIN_OPTION_R_GION"],
  ])("names option %j %j", (key, name) => {
    const variables = createPluginOptionVariables(
      { ...base, userConfig: undefined, saved: { [key]: "x" } },
      [],
    );
    expect(variables).toEqual({ [name]: "x" });
  });

  it.each([
    ["text", "text"],
    [3, "3"],
    [false, "false"],
    [["a", 2, true], "a,2,true"],
    [[], ""],
  ])("formats %j as %j", (value, text) => {
    const variables = createPluginOptionVariables(
      { ...base, userConfig: undefined, saved: { v: value } },
      [],
    );
    expect(variables.CLAUDE_PLUGIN_OPTION_V).toBe(text);
  });

  it("uses a saved value over the manifest's default, and the default when nothing is saved", () => {
    const userConfig = {
      channel: { type: "string", default: "general" },
      level: { type: "number", default: 2 },
      token: { type: "string", sensitive: true },
    };
    const variables = createPluginOptionVariables(
      { ...base, userConfig, saved: { channel: "ops" } },
      [],
    );
    expect(variables).toEqual({
      CLAUDE_PLUGIN_OPTION_CHANNEL: "ops",
      CLAUDE_PLUGIN_OPTION_LEVEL: "2",
    });
  });

  it.each([[{ a: 1 }], [null], [[["nested"]]]])("leaves out %j with a warning", (value) => {
    const diagnostics: Diagnostic[] = [];
    const variables = createPluginOptionVariables(
      { ...base, userConfig: undefined, saved: { v: value } },
      diagnostics,
    );
    expect(variables).toEqual({});
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: "invalid_plugin",
        severity: "warning",
        file: base.manifestFile,
      }),
    ]);
  });
});
