import { describe, expect, it } from "vitest";
import { claudeProfile } from "../../profiles/claude.js";
import { deepagentsProfile } from "../../profiles/deepagents.js";
import type { Profile } from "../../profiles/profile.js";
import { vscodeProfile } from "../../profiles/vscode.js";
import { zerocodeProfile } from "../../profiles/zerocode.js";
import type { DialectParser } from "../dialect-result.js";
import type { ConfigSource } from "../discover-config-files.js";
import { parseClaudeConfig } from "./claude.js";
import { parseDeepagentsConfig } from "./deepagents.js";
import { parseVscodeConfig } from "./vscode.js";
import { parseZerocodeConfig } from "./zerocode.js";

/** One dialect and how a document with one PreToolUse handler carrying `extra` is written. */
interface DialectCase {
  name: string;
  parse: DialectParser;
  profile: Profile;
  file: string;
  document: (extra: Record<string, unknown>) => unknown;
}

const grouped = (extra: Record<string, unknown>) => ({
  hooks: {
    PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./hook.sh", ...extra }] }],
  },
});

const dialects: DialectCase[] = [
  {
    name: "deepagents",
    parse: parseDeepagentsConfig,
    profile: deepagentsProfile,
    file: "/h/.deepagents/hooks.json",
    document: grouped,
  },
  {
    name: "zerocode hooks.json",
    parse: parseZerocodeConfig,
    profile: zerocodeProfile,
    file: "/h/.zerotwo/hooks.json",
    document: grouped,
  },
  {
    name: "zerocode config.toml",
    parse: parseZerocodeConfig,
    profile: zerocodeProfile,
    file: "/h/.zerotwo/config.toml",
    document: grouped,
  },
  {
    name: "claude settings",
    parse: parseClaudeConfig,
    profile: claudeProfile,
    file: "/p/.claude/settings.json",
    document: grouped,
  },
  {
    name: "vscode Local",
    parse: parseVscodeConfig,
    profile: vscodeProfile,
    file: "/p/.github/hooks/policy.json",
    document: (extra) => ({
      hooks: { PreToolUse: [{ type: "command", command: "./hook.sh", ...extra }] },
    }),
  },
  {
    name: "vscode Copilot",
    parse: parseVscodeConfig,
    profile: vscodeProfile,
    file: "/p/.github/hooks/copilot.json",
    document: (extra) => ({
      version: 1,
      hooks: { preToolUse: [{ type: "command", bash: "./hook.sh", ...extra }] },
    }),
  },
  {
    name: "vscode Claude format",
    parse: parseVscodeConfig,
    profile: vscodeProfile,
    file: "/p/.github/hooks/claude.json",
    document: grouped,
  },
];

function parseCase(dialect: DialectCase, extra: Record<string, unknown>) {
  const source: ConfigSource = {
    file: dialect.file,
    layer: "user",
    dialect: dialect.name,
    explicit: false,
    trust: "none",
  };
  return dialect.parse(dialect.document(extra), source, dialect.profile);
}

describe('"persistent" in every dialect (an agent-hooks extension)', () => {
  it.each(dialects)("$name: off by default, on with true, with no diagnostic", (dialect) => {
    const omitted = parseCase(dialect, {});
    const on = parseCase(dialect, { persistent: true });
    const off = parseCase(dialect, { persistent: false });
    expect(omitted.definitions.map((definition) => definition.persistent)).toEqual([false]);
    expect(on.definitions.map((definition) => definition.persistent)).toEqual([true]);
    expect(off.definitions.map((definition) => definition.persistent)).toEqual([false]);
    expect(on.diagnostics).toEqual([]);
  });

  it.each(dialects)("$name: a non-boolean drops the handler with an invalid_config", (dialect) => {
    const result = parseCase(dialect, { persistent: "yes" });
    expect(result.definitions).toEqual([]);
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["invalid_config"]);
    expect(result.diagnostics[0]?.path).toMatch(/persistent$/);
  });
});
