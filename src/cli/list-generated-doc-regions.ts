import { formatEventTable } from "../convert/format-event-table.js";
import { formatClaudeEventTable } from "./format-claude-event-table.js";
import { formatCliReference } from "./format-cli-reference.js";
import { formatConvertFormatTable } from "./format-convert-format-table.js";
import {
  formatProfileEventTables,
  formatProfileList,
  formatProfileToolTable,
} from "./format-profile-tables.js";
import { formatShimHostTable } from "./format-shim-host-table.js";
import { createProgram } from "./main.js";

/** A region of a page that is generated from the code: where it is and what writes it. */
export interface GeneratedDocRegion {
  /** The page, relative to the package root (`docs/cli.md`). */
  file: string;
  /** The region's marker name: `<!-- name:start … -->` … `<!-- name:end -->`. */
  name: string;
  /** The region's content as the code gives it now. */
  generate(): Promise<string>;
}

/**
 * Every generated region of the docs: the command reference and the profile tables of
 * docs/cli.md, the event × format table of docs/convert.md, and every profile's event and tool
 * tables in docs/architecture.md, and the shim hosts' event table of docs/shim.md. `npm run docs:generate` rewrites
 * them; the docs test fails when a page differs from them.
 *
 * @example
 * ```ts
 * for (const region of listGeneratedDocRegions()) console.log(region.file, await region.generate());
 * ```
 */
export function listGeneratedDocRegions(): GeneratedDocRegion[] {
  return [
    {
      file: "docs/cli.md",
      name: "cli-reference",
      generate: async () => formatCliReference(await createProgram()),
    },
    { file: "docs/cli.md", name: "profile-list", generate: async () => formatProfileList() },
    { file: "docs/cli.md", name: "claude-events", generate: async () => formatClaudeEventTable() },
    {
      file: "docs/cli.md",
      name: "convert-formats",
      generate: async () => formatConvertFormatTable(),
    },
    { file: "docs/convert.md", name: "event-table", generate: async () => formatEventTable() },
    { file: "docs/shim.md", name: "shim-hosts", generate: async () => formatShimHostTable() },
    {
      file: "docs/architecture.md",
      name: "profile-events",
      generate: async () => formatProfileEventTables(),
    },
    {
      file: "docs/architecture.md",
      name: "profile-tools",
      generate: async () => formatProfileToolTable(),
    },
  ];
}
