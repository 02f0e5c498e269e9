import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';

/**
 * The fonts of the invoice PDFs: the site's faces (Manrope, Cormorant Garamond) for Latin, Greek and
 * Cyrillic, then a Noto face for each other script a guest's name or address may be in. Fontsource ships
 * each face as subsets with the Unicode ranges they cover (unicode.json), Chinese and Japanese as about a
 * hundred slices each: a subset is read and parsed only when a text needs a character in its range, once
 * per process.
 */

export type FaceName = 'text' | 'strong' | 'display';

type CodePointRange = [first: number, last: number];

export type FontSource = {
  /** The name the font is registered under in a document. */
  key: string;
  file: string;
  ranges: CodePointRange[];
  /** One of the site's own faces (Latin, Greek, Cyrillic), drawn without the care other scripts need. */
  site: boolean;
};

/** The packages' exports only name their stylesheets, so a file is found beside the package's index. */
function resolvePackageDirectory(packageName: string): string {
  return dirname(createRequire(import.meta.url).resolve(packageName));
}

function parseUnicodeRange(range: string): CodePointRange[] {
  return range.split(',').map((part) => {
    const [first, last] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(first!, 16), parseInt(last ?? first!, 16)];
  });
}

/**
 * The sources of `subsets` of a fontsource package at `weight`, in that order; `'slices'` stands for its
 * numbered slices (the CJK faces), `{ whole }` for the file that holds the whole face, under the ranges of
 * all its slices (Noto Emoji, whose sequences must not be cut between slices).
 */
function listSources(
  packageName: string,
  subsets: string[] | 'slices' | { whole: string },
  weight: number,
  site = false,
): FontSource[] {
  const directory = resolvePackageDirectory(`@fontsource/${packageName}`);
  const ranges = JSON.parse(readFileSync(join(directory, 'unicode.json'), 'utf8')) as Record<string, string>;
  const fileOf = (subset: string) =>
    join(directory, 'files', `${packageName}-${subset}-${weight}-normal.woff`);
  const slices = Object.keys(ranges)
    .filter((subset) => /^\[\d+\]$/.test(subset))
    .sort((a, b) => Number(a.slice(1, -1)) - Number(b.slice(1, -1)));
  if (subsets === 'slices')
    return slices.map((slice) => {
      const subset = slice.slice(1, -1);
      return {
        key: `${packageName}-${subset}-${weight}`,
        file: fileOf(subset),
        ranges: parseUnicodeRange(ranges[slice]!),
        site,
      };
    });
  if (!Array.isArray(subsets))
    return [
      {
        key: `${packageName}-${subsets.whole}-${weight}`,
        file: fileOf(subsets.whole),
        ranges: slices.flatMap((slice) => parseUnicodeRange(ranges[slice]!)),
        site,
      },
    ];
  return subsets.map((subset) => ({
    key: `${packageName}-${subset}-${weight}`,
    file: fileOf(subset),
    ranges: parseUnicodeRange(ranges[subset]!),
    site,
  }));
}

/** The Noto faces of the scripts besides the site's, each its own script's subset only. */
const SCRIPT_FACES = [
  ['noto-sans-devanagari', 'devanagari'],
  ['noto-sans-arabic', 'arabic'],
  ['noto-sans-hebrew', 'hebrew'],
  ['noto-sans-bengali', 'bengali'],
  ['noto-sans-gujarati', 'gujarati'],
  ['noto-sans-gurmukhi', 'gurmukhi'],
  ['noto-sans-kannada', 'kannada'],
  ['noto-sans-malayalam', 'malayalam'],
  ['noto-sans-oriya', 'oriya'],
  ['noto-sans-tamil', 'tamil'],
  ['noto-sans-telugu', 'telugu'],
  ['noto-sans-thai', 'thai'],
] as const;

const SITE_SUBSETS = ['latin', 'latin-ext', 'greek', 'cyrillic', 'cyrillic-ext', 'vietnamese'];

/**
 * One face's fonts in the order a character looks for its font, and the same with Japanese before
 * Chinese: a Han character takes Japanese forms in a text that has kana, Chinese ones otherwise.
 */
export type FaceChain = { chinese: FontSource[]; japanese: FontSource[] };

function buildChain(site: FontSource[], weight: number): FaceChain {
  const scripts = SCRIPT_FACES.flatMap(([name, subset]) => listSources(name, [subset], weight));
  const chinese = listSources('noto-sans-sc', 'slices', weight);
  const japanese = listSources('noto-sans-jp', 'slices', weight);
  const emoji = listSources('noto-emoji', { whole: 'emoji' }, weight);
  return {
    chinese: [...site, ...scripts, ...chinese, ...japanese, ...emoji],
    japanese: [...site, ...scripts, ...japanese, ...chinese, ...emoji],
  };
}

let chains: Record<FaceName, FaceChain> | undefined;

export function listFaceChains(): Record<FaceName, FaceChain> {
  chains ??= {
    text: buildChain(listSources('manrope', SITE_SUBSETS, 400, true), 400),
    strong: buildChain(listSources('manrope', SITE_SUBSETS, 600, true), 600),
    // Cormorant Garamond has no Greek: Manrope's stands in.
    display: buildChain(
      [
        ...listSources(
          'cormorant-garamond',
          SITE_SUBSETS.filter((subset) => subset !== 'greek'),
          600,
          true,
        ),
        ...listSources('manrope', ['greek'], 600, true),
      ],
      600,
    ),
  };
  return chains;
}

/**
 * A WOFF file as the plain OpenType font it wraps. fontkit reads WOFF tables by inflating them in
 * JavaScript on every read (each glyph of every PDF's subset): unwrapped once here, a warm render
 * takes 20 ms instead of 120.
 */
export function unwrapWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compressedLength = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compressedLength);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compressedLength < length ? inflateSync(stored) : stored,
    };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    table.tag.copy(header, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padding = (4 - (table.data.length % 4)) % 4;
    parts.push(table.data, Buffer.alloc(padding));
    offset += table.data.length + padding;
  });
  return Buffer.concat(parts);
}

const parsedFonts = new Map<string, fontkit.Font>();

type AnchorPositioning = {
  applyAnchor(markRecord: { markAnchor: unknown } | null, baseAnchor: unknown, baseIndex: number): void;
};
const skipsNullAnchors = Symbol('skipsNullAnchors');

/**
 * fontkit 2.0.4 throws on a null anchor in a mark-positioning table, which OpenType allows ("no anchor
 * here") and the Noto faces of Telugu and Malayalam hold (foliojs/fontkit#367): such a mark is left
 * unmoved instead, as HarfBuzz does. The class is not exported, so it is reached through a font's engine.
 */
function skipNullAnchors(font: fontkit.Font) {
  const engine = (font as unknown as { _layoutEngine?: { engine?: { GPOSProcessor?: object | null } } })
    ._layoutEngine?.engine;
  if (!engine?.GPOSProcessor) return;
  const prototype = Object.getPrototypeOf(engine.GPOSProcessor) as AnchorPositioning & {
    [skipsNullAnchors]?: true;
  };
  if (prototype[skipsNullAnchors]) return;
  const applyAnchor = prototype.applyAnchor;
  prototype.applyAnchor = function (this: AnchorPositioning, markRecord, baseAnchor, baseIndex) {
    if (!baseAnchor || !markRecord?.markAnchor) return;
    applyAnchor.call(this, markRecord, baseAnchor, baseIndex);
  };
  prototype[skipsNullAnchors] = true;
}

/** A source's font, read and parsed on first use; every PDF embeds only its own subset of it. */
export function loadFont(source: FontSource): fontkit.Font {
  let font = parsedFonts.get(source.file);
  if (!font) {
    font = fontkit.create(unwrapWoff(readFileSync(source.file))) as fontkit.Font;
    skipNullAnchors(font);
    parsedFonts.set(source.file, font);
  }
  return font;
}

function isInRanges(source: FontSource, codePoint: number): boolean {
  return source.ranges.some(([first, last]) => codePoint >= first && codePoint <= last);
}

/** Whether the source draws every one of `codePoints` (its ranges are looked at first: no font is read for nothing). */
export function coversCodePoints(source: FontSource, codePoints: number[]): boolean {
  if (!codePoints.every((codePoint) => isInRanges(source, codePoint))) return false;
  const font = loadFont(source);
  return codePoints.every((codePoint) => font.hasGlyphForCodePoint(codePoint));
}
