import iconv from 'iconv-lite';
import yauzl, { type Entry } from 'yauzl';

/**
 * Names of zip entries written without the UTF-8 flag. Zip tools on Windows in an Arabic locale
 * (Explorer's "compressed folder", 7-Zip, WinRAR) write names in the OEM code page, CP720; older
 * DOS tools CP864; some programs the ANSI one, CP1256. The zip does not say which, and yauzl
 * reads every such name as CP437, which turns Arabic into mojibake (and the recipient's file is
 * then "missing"). Each candidate is tried with iconv-lite, and the one whose characters look
 * like Arabic text wins; when none does, the name stays as yauzl read it (a Western name in
 * CP437, such as "Résumé.pdf", is read right already).
 */
export const LEGACY_CODE_PAGES = ['cp720', 'cp1256', 'cp864'] as const;

/** How much a decoded name looks like text: Arabic letters and digits count, stray symbols cost. */
function plausibility(name: string): number {
  let score = 0;
  for (const char of name) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) continue;
    if (
      (code >= 0x0621 && code <= 0x063a) ||
      (code >= 0x0641 && code <= 0x064a) ||
      (code >= 0x0660 && code <= 0x0669) ||
      (code >= 0x066e && code <= 0x06d3) ||
      (code >= 0x06f0 && code <= 0x06f9)
    )
      score += 2;
    else if (code === 0x060c || code === 0x061b || code === 0x061f) score += 1;
    // Presentation forms: how CP864 writes letters, but also what other code pages' bytes become there.
    else if ((code >= 0xfb50 && code <= 0xfdff) || (code >= 0xfe70 && code <= 0xfefc)) score += 1;
    else if ((code >= 0x00c0 && code <= 0x00ff && code !== 0x00d7 && code !== 0x00f7) || code === 0x0640)
      score += 0;
    else if (code >= 0x064b && code <= 0x0652) score += 0;
    else score -= 3;
  }
  return score;
}

/** The Arabic reading of a name's bytes in a legacy code page, or null when none looks like text. */
export function decodeLegacyName(raw: Uint8Array): string | null {
  let best: { name: string; score: number } | null = null;
  for (const codePage of LEGACY_CODE_PAGES) {
    let name = iconv.decode(Buffer.from(raw), codePage);
    // CP864 has presentation forms only; a recipient types the letters themselves.
    if (codePage === 'cp864') name = name.normalize('NFKC');
    const score = plausibility(name);
    if (score > 0 && (!best || score > best.score)) best = { name, score };
  }
  return best?.name ?? null;
}

const hasUnicodePathField = (entry: Entry) => entry.extraFields.some((field) => field.id === 0x7075);

/**
 * The name to use for an entry: yauzl's when the zip says how it is encoded (the UTF-8 flag or
 * Info-ZIP's Unicode path field) or when it is plain ASCII; else the legacy reading above.
 * Throws when the decoded name is unsafe (absolute, `..`), as yauzl does for its own reading.
 */
export function entryName(entry: Entry): string {
  const raw = entry.fileNameRaw;
  const utf8 = (entry.generalPurposeBitFlag & 0x800) !== 0;
  if (utf8 || hasUnicodePathField(entry) || !raw || raw.every((byte) => byte < 0x80)) return entry.fileName;
  const legacy = decodeLegacyName(raw);
  if (legacy === null) return entry.fileName;
  const name = legacy.replace(/\\/g, '/');
  const problem = yauzl.validateFileName(name);
  if (problem) throw new Error(problem);
  return name;
}
