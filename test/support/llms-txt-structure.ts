/**
 * Reads a file in the llmstxt.org format and reports where it breaks the proposal: one H1 first,
 * then a blockquote summary, then free paragraphs with no headings, then H2 sections whose content
 * is only `- [name](url)` or `- [name](url): notes` list items, with "Optional" (if any) last.
 */
export interface LlmsTxt {
  title: string;
  summary: string;
  details: string[];
  sections: Array<{ name: string; links: Array<{ name: string; url: string; notes?: string }> }>;
  problems: string[];
}

const LINK_ITEM = /^- \[((?:[^\]\\]|\\.)+)\]\(([^)\s]+)\)(?:: (.+))?$/;

export function parseLlmsTxt(text: string): LlmsTxt {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const problems: string[] = [];
  const result: LlmsTxt = { title: '', summary: '', details: [], sections: [], problems };
  let i = 0;
  if (!/^# \S/.test(lines[0] ?? '')) problems.push(`line 1 must be an H1 ("# Name"), found ${JSON.stringify(lines[0])}`);
  result.title = (lines[0] ?? '').replace(/^# /, '');
  i = 1;
  while (i < lines.length && lines[i].trim() === '') i++;
  const quote: string[] = [];
  while (i < lines.length && lines[i].startsWith('>')) quote.push(lines[i++].replace(/^> ?/, ''));
  if (!quote.length) problems.push(`a blockquote summary must follow the H1 (line ${i + 1})`);
  result.summary = quote.join(' ');
  for (; i < lines.length && !lines[i].startsWith('## '); i++) {
    if (/^#/.test(lines[i])) problems.push(`line ${i + 1}: no headings other than H2 sections may follow the summary`);
    else if (lines[i].trim()) result.details.push(lines[i]);
  }
  for (; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('## ')) {
      result.sections.push({ name: line.slice(3).trim(), links: [] });
      continue;
    }
    if (!line.trim()) continue;
    const m = LINK_ITEM.exec(line);
    if (!m) {
      problems.push(`line ${i + 1}: H2 sections hold only "- [name](url): notes" items, found ${JSON.stringify(line.slice(0, 80))}`);
      continue;
    }
    result.sections.at(-1)!.links.push({ name: m[1], url: m[2], notes: m[3] });
  }
  if (!result.sections.length) problems.push('there must be at least one H2 section');
  for (const s of result.sections) if (!s.links.length) problems.push(`section "${s.name}" has no links`);
  const optional = result.sections.findIndex((s) => s.name === 'Optional');
  if (optional !== -1 && optional !== result.sections.length - 1) problems.push('the "Optional" section must come last');
  return result;
}
