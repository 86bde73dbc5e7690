import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { formatNames } from "../convert/portable-hooks.js";
import { claudeProfile } from "../profiles/claude.js";
import { formatClaudeEventTable } from "./format-claude-event-table.js";
import { formatCliReference } from "./format-cli-reference.js";
import { formatConvertFormatTable } from "./format-convert-format-table.js";
import { listGeneratedDocRegions } from "./list-generated-doc-regions.js";
import { createProgram } from "./main.js";
import { readGeneratedRegion, replaceGeneratedRegion } from "./replace-generated-region.js";

const root = new URL("../../", import.meta.url);

function readPage(file: string): string {
  return readFileSync(fileURLToPath(new URL(file, root)), "utf8");
}

/** Every command of the program with its full name, subcommands included. */
function listCommands(program: Command, prefix = ""): [string, Command][] {
  return program.commands.flatMap((command) => {
    const name = `${prefix}${command.name()}`;
    return [[name, command] as [string, Command], ...listCommands(command, `${name} `)];
  });
}

describe("the generated regions of the docs", () => {
  it.each(listGeneratedDocRegions().map((region) => [`${region.file} ${region.name}`, region]))(
    "%s is what the code gives (run npm run docs:generate)",
    async (_, region) => {
      expect(readGeneratedRegion(readPage(region.file), region.name)).toBe(await region.generate());
    },
  );
});

describe("formatCliReference", () => {
  it("names every command, and every flag of each, in its section", async () => {
    const program = await createProgram();
    const reference = formatCliReference(program);
    const sections = reference.split(/^### /m);
    for (const [name, command] of listCommands(program)) {
      if (command.commands.length > 0 && command.registeredArguments.length === 0) continue;
      const section = sections.find((text) => text.startsWith(`\`agent-hooks ${name}\``));
      expect(section, name).toBeDefined();
      for (const option of command.options) {
        // A shared option is named by its long flag in the section, and in full in the shared table.
        expect(section, `${name} ${option.flags}`).toContain(option.long);
        expect(reference).toContain(`\`${option.flags}\``);
      }
    }
    for (const name of ["shim", "convert", "dispatch", "serve", "hooks trust", "config path"]) {
      expect(reference).toContain(`### \`agent-hooks ${name}\``);
    }
    for (const flag of ["--shim", "--shim-command <cmd>", "--prewarm", "--hook <format>"]) {
      expect(reference).toContain(`\`${flag}\``);
    }
  });
});

describe("the profile tables", () => {
  it("has a row for each of the claude profile's 31 events", () => {
    const rows = formatClaudeEventTable().trim().split("\n").slice(2);
    expect(rows).toHaveLength(31);
    expect(rows.map((row) => row.split("|")[1]?.trim())).toEqual(
      Object.keys(claudeProfile.events).map((event) => `\`${event}\``),
    );
  });

  it("has a row for each of the eight convert formats", () => {
    const rows = formatConvertFormatTable().trim().split("\n").slice(2);
    expect(rows.map((row) => row.split("|")[1]?.trim())).toEqual(
      formatNames.map((name) => `\`${name}\``),
    );
    expect(rows).toHaveLength(8);
  });
});

describe("replaceGeneratedRegion", () => {
  const page = "# Page\n\n<!-- table:start (generated) -->\nold\n<!-- table:end -->\n\nAfter.\n";

  it("replaces what is between the markers, with one blank line on each side", () => {
    const replaced = replaceGeneratedRegion(page, "table", "| a |\n");
    expect(replaced).toBe(
      "# Page\n\n<!-- table:start (generated) -->\n\n| a |\n\n<!-- table:end -->\n\nAfter.\n",
    );
    expect(readGeneratedRegion(replaced, "table")).toBe("| a |\n");
  });

  it("throws for a page without the markers, and reads null from it", () => {
    expect(() => replaceGeneratedRegion("# Page\n", "table", "x")).toThrow(/no <!-- table:start/);
    expect(readGeneratedRegion("# Page\n", "table")).toBeNull();
  });
});
