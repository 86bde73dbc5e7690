// The shell parsers `npm run bench:parsers` compares, each behind the same small interface:
// load it from the install folder, parse a string in bash or POSIX mode into an accept/reject
// verdict, and list what its tree can tell (node types, or for sh-syntax the fields it keeps).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** @typedef {"bash" | "posix"} Dialect */
/**
 * @typedef {object} LoadedParser
 * @property {(source: string, dialect: Dialect) => ParseOutcome | Promise<ParseOutcome>} parse
 * @property {(source: string, dialect: Dialect) => unknown} parseOnly parse into the parser's own
 *   tree and drop it (what the timing columns measure)
 * @property {(source: string, dialect: Dialect) => Verdict | Promise<Verdict>} check accept or
 *   reject, without walking the tree (what the agreement columns count)
 * @property {boolean} sync whether parse returns its outcome synchronously
 * @property {boolean} posixMode whether the parser has a POSIX sh mode of its own
 */
/** @typedef {{ ok: boolean, error?: string }} Verdict */
/** @typedef {{ ok: boolean, error?: string, walkError?: string, kinds: Set<string> }} ParseOutcome */

/**
 * The candidates, in the order of the table. `files` are what a program using the parser loads
 * (for the bundle-size column), relative to node_modules.
 */
export const candidates = /** @type {const} */ ([
  {
    name: "mvdan-sh",
    packages: ["mvdan-sh"],
    files: ["mvdan-sh/index.js"],
    load: loadMvdanSh,
  },
  {
    name: "sh-syntax",
    packages: ["sh-syntax"],
    files: [
      "sh-syntax/lib/index.js",
      "sh-syntax/lib/processor.js",
      "sh-syntax/lib/shim.js",
      "sh-syntax/lib/types.js",
      "sh-syntax/vendors/wasm_exec.cjs",
      "sh-syntax/main.wasm",
    ],
    load: loadShSyntax,
  },
  {
    name: "web-tree-sitter + tree-sitter-bash",
    packages: ["web-tree-sitter", "tree-sitter-bash"],
    files: [
      "web-tree-sitter/web-tree-sitter.js",
      "web-tree-sitter/web-tree-sitter.wasm",
      "tree-sitter-bash/tree-sitter-bash.wasm",
    ],
    load: loadTreeSitter,
  },
]);

/**
 * Loads mvdan-sh (GopherJS, CommonJS) the way src/trust/parse-shell-script.ts does: one parser
 * per dialect, a fresh one for a source with a line of 5,000 columns or more.
 * @param {string} modules the node_modules folder
 * @returns {LoadedParser}
 */
function loadMvdanSh(modules) {
  const require = createRequire(path.join(modules, "loader.cjs"));
  const { syntax } = require("mvdan-sh");
  /** @type {Map<Dialect, any>} */
  const parsers = new Map();
  const create = (/** @type {Dialect} */ dialect) =>
    syntax.NewParser(syntax.Variant(dialect === "bash" ? syntax.LangBash : syntax.LangPOSIX));
  const hasLongLine = (/** @type {string} */ source) =>
    source.split("\n").some((line) => line.length >= 5_000);
  const parserFor = (/** @type {string} */ source, /** @type {Dialect} */ dialect) => {
    if (hasLongLine(source)) return create(dialect);
    let parser = parsers.get(dialect);
    if (parser === undefined) {
      parser = create(dialect);
      parsers.set(dialect, parser);
    }
    return parser;
  };
  const describeError = (/** @type {unknown} */ error) => {
    const describe = /** @type {any} */ (error)?.Error;
    return typeof describe === "function" ? describe.call(error) : String(error);
  };
  return {
    sync: true,
    posixMode: true,
    parseOnly(source, dialect) {
      try {
        return parserFor(source, dialect).Parse(source, "command");
      } catch {
        return null;
      }
    },
    check(source, dialect) {
      try {
        parserFor(source, dialect).Parse(source, "command");
        return { ok: true };
      } catch (error) {
        return { ok: false, error: describeError(error) };
      }
    },
    parse(source, dialect) {
      const parser = parserFor(source, dialect);
      let file;
      try {
        file = parser.Parse(source, "command");
      } catch (error) {
        return { ok: false, error: describeError(error), kinds: new Set() };
      }
      /** @type {Set<string>} */
      const kinds = new Set();
      try {
        syntax.Walk(file, (/** @type {any} */ node) => {
          if (node !== null) kinds.add(syntax.NodeType(node));
          return true;
        });
      } catch (error) {
        // The parse succeeded; walking its tree did not (a very deep tree overflows the stack).
        return { ok: true, kinds, walkError: String(error) };
      }
      return { ok: true, kinds };
    },
  };
}

/**
 * Loads sh-syntax through its documented API (`parse`, a Promise). Its tree is JSON made by Go's
 * encoder, without node type names: `kinds` lists the field names its objects carry.
 * @param {string} modules
 * @returns {Promise<LoadedParser>}
 */
async function loadShSyntax(modules) {
  const { getProcessor, LangVariant } = await import(
    pathToFileURL(path.join(modules, "sh-syntax/lib/index.js")).href
  );
  // The documented `getProcessor` with the module compiled once: the default `parse` also reads
  // and compiles main.wasm again on each call. Each call still starts a new Go instance.
  const module = new WebAssembly.Module(readFileSync(path.join(modules, "sh-syntax/main.wasm")));
  const parse = getProcessor(
    (/** @type {WebAssembly.Imports} */ imports) => new WebAssembly.Instance(module, imports),
  );
  const variantOf = (/** @type {Dialect} */ dialect) =>
    dialect === "bash" ? LangVariant.LangBash : LangVariant.LangPOSIX;
  return {
    sync: false,
    posixMode: true,
    async parseOnly(source, dialect) {
      try {
        return await parse(source, { variant: variantOf(dialect), keepComments: false });
      } catch {
        return null;
      }
    },
    async check(source, dialect) {
      try {
        await parse(source, { variant: variantOf(dialect), keepComments: false });
        return { ok: true };
      } catch (error) {
        return { ok: false, error: String(/** @type {Error} */ (error).message) };
      }
    },
    async parse(source, dialect) {
      let file;
      try {
        file = await parse(source, {
          variant: variantOf(dialect),
          keepComments: false,
        });
      } catch (error) {
        return { ok: false, error: String(/** @type {Error} */ (error).message), kinds: new Set() };
      }
      /** @type {Set<string>} */
      const kinds = new Set();
      collectFields(file, kinds);
      return { ok: true, kinds };
    },
  };
}

/**
 * @param {unknown} value
 * @param {Set<string>} fields
 */
function collectFields(value, fields) {
  if (Array.isArray(value)) {
    for (const item of value) collectFields(item, fields);
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      fields.add(key);
      collectFields(item, fields);
    }
  }
}

/**
 * Loads web-tree-sitter and the tree-sitter-bash grammar (both WebAssembly; `Parser.init` and
 * `Language.load` are async, `parse` is sync). The grammar is bash only: the same parser serves
 * both dialects. A tree with an ERROR or MISSING node is a rejection.
 * @param {string} modules
 * @returns {Promise<LoadedParser>}
 */
async function loadTreeSitter(modules) {
  const { Parser, Language } = await import(
    pathToFileURL(path.join(modules, "web-tree-sitter/web-tree-sitter.js")).href
  );
  await Parser.init();
  const bash = await Language.load(path.join(modules, "tree-sitter-bash/tree-sitter-bash.wasm"));
  const parser = new Parser();
  parser.setLanguage(bash);
  return {
    sync: true,
    posixMode: false,
    parseOnly(source) {
      const tree = parser.parse(source);
      tree?.delete();
      return tree;
    },
    check(source) {
      const { ok, error } = this.parse(source, "bash");
      return error === undefined ? { ok } : { ok, error };
    },
    parse(source) {
      const tree = parser.parse(source);
      if (tree === null) return { ok: false, error: "no tree", kinds: new Set() };
      try {
        /** @type {Set<string>} */
        const kinds = new Set();
        /** @type {string[]} */
        const errors = [];
        const cursor = tree.walk();
        // Depth-first over every node, anonymous ones included (operators are anonymous).
        for (;;) {
          const node = cursor.currentNode;
          kinds.add(node.isNamed ? node.type : `"${node.type}"`);
          if (node.isError) errors.push(`ERROR at ${node.startIndex}`);
          if (node.isMissing) errors.push(`MISSING ${node.type} at ${node.startIndex}`);
          if (cursor.gotoFirstChild()) continue;
          while (!cursor.gotoNextSibling()) {
            if (!cursor.gotoParent()) break;
          }
          if (cursor.currentNode.id === tree.rootNode.id) break;
        }
        cursor.delete();
        if (errors.length > 0 || tree.rootNode.hasError) {
          return { ok: false, error: errors.join("; ") || "hasError", kinds };
        }
        return { ok: true, kinds };
      } finally {
        // The tree lives in WebAssembly memory: it is freed by hand.
        tree.delete();
      }
    },
  };
}
