// Title and "what to notice" of a preset, read from its text without a YAML parser (the main
// bundle stays small; presets are ours, so their layout is known and tested).

export interface PresetInfo {
  id: string;
  title: string;
  description: string;
}

/** `id` is the file name without `.yaml`; the title is the file's first comment line. */
export function presetInfo(id: string, text: string): PresetInfo {
  const lines = text.split('\n');
  const first = lines[0] ?? '';
  const title = first.startsWith('#') ? first.replace(/^#\s*/, '').trim() : id;
  const at = lines.findIndex((l) => /^\s+description:\s*>-?\s*$/.test(l));
  const desc: string[] = [];
  if (at >= 0) {
    const indent = (lines[at]!.match(/^\s*/)?.[0].length ?? 0) + 2;
    for (let i = at + 1; i < lines.length; i++) {
      const l = lines[i]!;
      if (l.trim() === '' || (l.match(/^\s*/)?.[0].length ?? 0) < indent) break;
      desc.push(l.trim());
    }
  } else {
    const inline = lines.find((l) => /^\s+description:\s*\S/.test(l));
    if (inline) desc.push(inline.replace(/^\s+description:\s*/, '').replace(/^['"]|['"]$/g, ''));
  }
  return { id, title, description: desc.join(' ') };
}
