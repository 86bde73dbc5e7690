// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${…}` here is shell syntax, not a template.
// The two commands whose parse `npm run bench:parsers` times (kept apart from the corpus, so that
// the measuring process does not load TypeScript).

/** A 4 KB multi-line command (the "4 KB" timing column parses it). */
export function createLargeCommand() {
  const lines = [
    'if [ -n "$X" ]; then ./hooks/a.sh --flag "$X" >>log 2>&1 || echo "failed: $?" >&2; fi',
    'for f in hooks/*.sh; do sh "$f" && echo ok; done',
    'case "$MODE" in strict) node b.js ;; *) python3 c.py "${ARG:-default}" ;; esac',
    "V=$(jq -r .tool_name <input.json) && printf '%s\\n' \"$V\" | grep -q Bash",
  ];
  let text = "";
  for (let index = 0; text.length < 4096 - 100; index += 1) {
    text += `${lines[index % lines.length]}\n`;
  }
  return text;
}

/** A typical hook command (the "typical" timing column parses it). */
export const typicalCommand =
  'cd "$(git rev-parse --show-toplevel)" && python3 .zerotwo/hooks/guard.py --strict 2>/dev/null | tee -a log';
