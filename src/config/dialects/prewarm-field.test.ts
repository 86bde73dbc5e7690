import { describe, expect, it } from "vitest";
import { claudeProfile } from "../../profiles/claude.js";
import { deepagentsProfile } from "../../profiles/deepagents.js";
import type { Profile } from "../../profiles/profile.js";
import { vscodeProfile } from "../../profiles/vscode.js";
import { zerocodeProfile } from "../../profiles/zerocode.js";
import type { DialectParser } from "../dialect-result.js";
import { parseClaudeConfig } from "./claude.js";
import { parseDeepagentsConfig } from "./deepagents.js";
import { parseVscodeConfig } from "./vscode.js";
import { parseZerocodeConfig } from "./zerocode.js";

// "prewarm" is an agent-hooks extension every dialect reads, as it reads "persistent".

const grouped = (extra: Record<string, unknown>) => ({
  hooks: {
    PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./hook.sh", ...extra }] }],
  },
});

const dialects: {
  name: string;
  parse: DialectParser;
  profile: Profile;
  file: string;
  document: (extra: Record<string, unknown>) => unknown;
}[] = [
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

function parseCase(dialect: (typeof dialects)[number], extra: Record<string, unknown>) {
  const source = {
    file: dialect.file,
    layer: "user",
    dialect: dialect.name,
    explicit: false,
    trust: "none",
  } as const;
  return dialect.parse(dialect.document(extra), source, dialect.profile);
}

describe('"prewarm" in every dialect (an agent-hooks extension)', () => {
  it.each(dialects)("$name: absent by default, kept as written, with no diagnostic", (dialect) => {
    const omitted = parseCase(dialect, {});
    const on = parseCase(dialect, { prewarm: true });
    const off = parseCase(dialect, { prewarm: false });
    expect(omitted.definitions.map((definition) => definition.prewarm)).toEqual([undefined]);
    expect(on.definitions.map((definition) => definition.prewarm)).toEqual([true]);
    expect(off.definitions.map((definition) => definition.prewarm)).toEqual([false]);
    expect(on.diagnostics).toEqual([]);
  });

  it.each(dialects)("$name: a non-boolean drops the handler with an invalid_config", (dialect) => {
    const result = parseCase(dialect, { prewarm: "yes" });
    expect(result.definitions).toEqual([]);
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["invalid_config"]);
    expect(result.diagnostics[0]?.path).toMatch(/prewarm$/);
  });
});
