import { readFile } from "node:fs";

/**
 * The UTF-8 text of `file`, rejecting with Node's file-system error (its `code` kept). It uses
 * node:fs's callback API: loading node:fs/promises costs a CLI start about 3 ms, on every tool
 * call (docs/performance.md, "CLI start-up").
 */
export function readTextFile(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    readFile(file, "utf8", (error, text) => {
      if (error === null) resolve(text);
      else reject(error);
    });
  });
}
