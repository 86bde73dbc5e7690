import type { DialectParser } from "../dialect-result.js";
import { flatHookFileShapes } from "./flat-hook-file-shapes.js";
import { readFlatHookFile } from "./read-flat-hook-file.js";

/**
 * Parses a Cursor `hooks.json` (cursor.com/docs/agent/hooks): `version: 1`, flat entries per
 * camelCase event (`command`, `type`, `matcher`, `timeout` in seconds, `failClosed`,
 * `loop_limit`); an entry without a type is a command.
 */
export const parseCursorConfig: DialectParser = (document, source, profile) =>
  readFlatHookFile(document, source, profile, flatHookFileShapes.cursor);
