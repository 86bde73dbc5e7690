const replacements: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for HTML and SVG text or attribute values; audit text is untrusted. */
export function escapeHtml(text: string): string {
  // Control characters other than tab and newline are not allowed in XML text: show them as U+FFFD.
  return (
    text
      .replace(/[&<>"']/g, (character) => replacements[character] ?? character)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "\ufffd")
  );
}
