import yauzl, { type Entry } from 'yauzl';

/**
 * The one rule for every file that can reach a recipient (the general attachment and every file
 * inside a per-recipient zip): a file is refused when its name or its first bytes say it is a
 * program. The lists match what Gmail refuses, so a campaign never fails at the recipient's
 * provider, plus what Gmail catches by scanning content (macro documents, HTML pages), which a
 * bulk sender has no business mailing. docs/security.md lists both.
 */

/**
 * Gmail's "File types blocked in Gmail" list (Gmail Help, "Why attachments are blocked"), as of
 * 2026-11: every extension on it.
 */
export const GMAIL_BLOCKED_EXTENSIONS: readonly string[] = [
  'ade',
  'adp',
  'apk',
  'appx',
  'appxbundle',
  'bat',
  'cab',
  'chm',
  'cmd',
  'com',
  'cpl',
  'diagcab',
  'diagcfg',
  'diagpkg',
  'dll',
  'dmg',
  'ex',
  'ex_',
  'exe',
  'hta',
  'img',
  'ins',
  'iso',
  'isp',
  'jar',
  'jnlp',
  'js',
  'jse',
  'lib',
  'lnk',
  'mde',
  'mjs',
  'msc',
  'msi',
  'msix',
  'msixbundle',
  'msp',
  'mst',
  'nsh',
  'pif',
  'ps1',
  'scr',
  'sct',
  'shb',
  'sys',
  'vb',
  'vbe',
  'vbs',
  'vhd',
  'vxd',
  'wsc',
  'wsf',
  'wsh',
  'xll',
];

/**
 * Refused here beyond Gmail's list: other programs and scripts (Windows, macOS, Linux, Android),
 * disk images, Office files that carry macros (Gmail scans and refuses those with macros; a bulk
 * sender cannot tell which will pass), and web pages, the usual carrier of credential phishing.
 */
export const EXTRA_BLOCKED_EXTENSIONS: readonly string[] = [
  // programs, installers, scripts
  'app',
  'application',
  'command',
  'csh',
  'deb',
  'elf',
  'gadget',
  'inf',
  'ksh',
  'msh',
  'out',
  'pkg',
  'pl',
  'ps1xml',
  'ps2',
  'psc1',
  'psd1',
  'psm1',
  'py',
  'pyc',
  'pyw',
  'rb',
  'reg',
  'rpm',
  'run',
  'scf',
  'sh',
  'so',
  'url',
  'vbscript',
  'workflow',
  'ws',
  'xbap',
  // disk images
  'vhdx',
  'udf',
  // Office with macros
  'docm',
  'dotm',
  'xlsm',
  'xltm',
  'xlam',
  'pptm',
  'potm',
  'ppam',
  'ppsm',
  'sldm',
  // web pages
  'htm',
  'html',
  'shtml',
  'xhtml',
  'mht',
  'mhtml',
  'svg',
  'svgz',
  'xht',
];

const BLOCKED = new Set([...GMAIL_BLOCKED_EXTENSIONS, ...EXTRA_BLOCKED_EXTENSIONS]);

// Bidi overrides and invisible characters make "invoice\u202Efdp.exe" look like "invoiceexe.pdf".
const INVISIBLE = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;

/**
 * The extensions a name carries, last first, after what Windows itself ignores is removed:
 * trailing dots and spaces ("evil.exe." and "evil.exe " run as evil.exe), invisible and bidi
 * control characters, and NTFS stream suffixes ("evil.exe::$DATA").
 */
export function extensionsOf(fileName: string): string[] {
  const base = fileName.replaceAll('\\', '/').split('/').pop() ?? '';
  const clean = base
    .replace(INVISIBLE, '')
    .replace(/:.*$/, '')
    .replace(/[\s.]+$/u, '')
    .toLowerCase();
  const parts = clean.split('.').map((part) => part.trim());
  // The first part is the name itself (".exe" alone is a hidden file named exe: still refused).
  return parts.length > 1 ? parts.slice(1).reverse() : [];
}

/**
 * True when any extension of the name is refused: the last one decides what opens the file, and
 * an earlier one ("invoice.exe.pdf", "statement.pdf.exe") is the classic disguise.
 */
export function isBlockedName(fileName: string): boolean {
  const extensions = extensionsOf(fileName);
  if (extensions.length === 0) {
    const base = (fileName.replaceAll('\\', '/').split('/').pop() ?? '').replace(INVISIBLE, '').trim();
    return base.startsWith('.') && BLOCKED.has(base.slice(1).toLowerCase());
  }
  return extensions.some((extension) => BLOCKED.has(extension));
}

/** How many first bytes `blockedContentKind` needs. */
export const CONTENT_HEAD_BYTES = 20;

const MACH_O = ['feedface', 'feedfacf', 'cefaedfe', 'cffaedfe', 'cafebabe', 'bebafeca'];
const LNK_HEADER = '4c0000000114020000000000c000000000000046';

/**
 * What a file's first bytes say it is, when that is a program: Windows (MZ: .exe, .dll, .scr,
 * .sys, .cpl), Linux and Unix (ELF), macOS (Mach-O, thin or universal; the universal magic is
 * also Java's class file, refused as well), a script with a #! line, or a Windows shortcut.
 */
export function blockedContentKind(
  head: Buffer,
): 'windows' | 'elf' | 'mach-o' | 'script' | 'shortcut' | null {
  if (head.length >= 2 && head[0] === 0x4d && head[1] === 0x5a) return 'windows';
  const first4 = head.subarray(0, 4).toString('hex');
  if (first4 === '7f454c46') return 'elf';
  if (MACH_O.includes(first4)) return 'mach-o';
  // A UTF-8 byte-order mark in front of #! still starts a script for some shells.
  const text = head.subarray(head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0);
  if (text[0] === 0x23 && text[1] === 0x21) return 'script';
  if (head.subarray(0, 20).toString('hex') === LNK_HEADER) return 'shortcut';
  return null;
}

/** The name and content rule together: what every file bound for a recipient passes. */
export function isBlockedFile(fileName: string, head: Buffer): boolean {
  return isBlockedName(fileName) || blockedContentKind(head) !== null;
}

const ARCHIVE = /\.(zip|7z|rar|tar|gz|tgz|bz2|xz|cab|arj|lzh|ace)$/i;

/** Whether a name is an archive whose own entries must be judged too. */
export const isZipName = (fileName: string) => /\.zip$/i.test(fileName.replace(/[\s.]+$/, ''));

/**
 * The first refused name inside a zip that is itself an attachment or sits in a per-recipient
 * zip, read from its directory without unpacking. An encrypted entry counts as refused (nobody
 * can look inside it, and Gmail refuses those too), and so does an archive inside it: we judge
 * one level deep, as far as a recipient opens with a double click. null when all is well; a file
 * that is not a readable zip answers null too (it is then only what its own name and bytes say).
 */
export async function blockedNameInZip(zipPath: string): Promise<string | null> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zipPath, { lazyEntries: true, decodeStrings: true, strictFileNames: false }, (error, file) =>
      error || !file ? reject(error ?? new Error('no zip')) : resolve(file),
    ),
  ).catch(() => null);
  if (!zip) return null;
  try {
    return await new Promise<string | null>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve(null));
      zip.on('entry', (entry: Entry) => {
        const name = entry.fileName;
        const encrypted = (entry.generalPurposeBitFlag & 0x1) !== 0;
        if (!name.endsWith('/') && (encrypted || isBlockedName(name) || ARCHIVE.test(name))) {
          resolve(name);
          return;
        }
        zip.readEntry();
      });
      zip.readEntry();
    });
  } catch {
    return null;
  } finally {
    zip.close();
  }
}
