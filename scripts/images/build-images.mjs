// The responsive image pipeline: every image the pages use (the project's SVG artwork, or a photo of the
// same name dropped into src/content/images/) is rendered to AVIF and WebP in several widths. Rendered
// files are cached by content hash in node_modules/.cache, so a rebuild only encodes what changed.
// The manifest (sizes, hash, placeholder colour) is written to src/content/images/manifest.json, which
// the pages import; the files are copied into the client build under assets/images/.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, parse } from 'node:path';
import sharp from 'sharp';
import { ARTWORK } from './artwork.mjs';

// Bump when the encoding settings change, so cached files are re-rendered.
const PIPELINE_VERSION = 'v1';
const FORMATS = {
  avif: (image) => image.avif({ quality: 52, effort: 3 }),
  webp: (image) => image.webp({ quality: 74, effort: 4 }),
};
const PHOTO_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif', '.tif', '.tiff']);
const DEFAULT_WIDTHS = [400, 800, 1200];

function readSources(root) {
  const sources = new Map();
  for (const [name, art] of Object.entries(ARTWORK)) {
    sources.set(name, { input: Buffer.from(art.render()), widths: art.widths, kind: 'artwork' });
  }
  const photoDir = join(root, 'src/content/images');
  for (const file of existsSync(photoDir) ? readdirSync(photoDir) : []) {
    const { name, ext } = parse(file);
    if (!PHOTO_EXTENSIONS.has(ext.toLowerCase())) continue;
    const widths = sources.get(name)?.widths ?? DEFAULT_WIDTHS;
    sources.set(name, { input: readFileSync(join(photoDir, file)), widths, kind: 'photo' });
  }
  return sources;
}

/** Renders (or takes from the cache) every image; writes the manifest; returns the files to publish. */
export async function prepareImages({ root, log = console.log }) {
  const cacheRoot = join(root, 'node_modules/.cache/site-images');
  const manifest = {};
  const files = [];
  let rendered = 0;
  for (const [name, source] of [...readSources(root)].sort(([a], [b]) => a.localeCompare(b))) {
    const hash = createHash('sha256')
      .update(PIPELINE_VERSION)
      .update(JSON.stringify(source.widths))
      .update(source.input)
      .digest('hex')
      .slice(0, 10);
    const cacheDir = join(cacheRoot, `${name}-${hash}`);
    const infoPath = join(cacheDir, 'info.json');
    if (!existsSync(infoPath)) {
      mkdirSync(cacheDir, { recursive: true });
      // SVG is rasterised once at its own size; photos are rotated by their EXIF orientation.
      const master = await sharp(source.input, { density: 72 }).rotate().png().toBuffer();
      const { width, height } = await sharp(master).metadata();
      const usable = [...new Set(source.widths.map((w) => Math.min(w, width)))];
      for (const w of usable) {
        for (const [format, encode] of Object.entries(FORMATS)) {
          await encode(sharp(master).resize({ width: w })).toFile(join(cacheDir, `${w}.${format}`));
          rendered += 1;
        }
      }
      const { dominant } = await sharp(master).stats();
      const toHex = (v) => v.toString(16).padStart(2, '0');
      const info = {
        width,
        height,
        widths: usable,
        placeholder: `#${toHex(dominant.r)}${toHex(dominant.g)}${toHex(dominant.b)}`,
      };
      writeFileSync(infoPath, JSON.stringify(info));
    }
    const info = JSON.parse(readFileSync(infoPath, 'utf8'));
    manifest[name] = {
      width: info.width,
      height: info.height,
      widths: info.widths,
      hash,
      placeholder: info.placeholder,
    };
    for (const w of info.widths) {
      for (const format of Object.keys(FORMATS)) {
        files.push({ from: join(cacheDir, `${w}.${format}`), to: `${name}-${w}.${hash}.${format}` });
      }
    }
  }
  const manifestPath = join(root, 'src/content/images/manifest.json');
  // Formatted as Prettier formats JSON (short number arrays on one line), so `prettier --check` passes.
  const json = `${JSON.stringify(manifest, null, 2).replace(/\[\s+([\d,\s]+?)\s+\]/g, (_, items) => `[${items.split(/,\s*/).join(', ')}]`)}\n`;
  // Written only when it changes, so an unchanged build leaves the working tree clean.
  if (!existsSync(manifestPath) || readFileSync(manifestPath, 'utf8') !== json) {
    mkdirSync(join(root, 'src/content/images'), { recursive: true });
    writeFileSync(manifestPath, json);
  }
  log(
    `Images: ${Object.keys(manifest).length} sources, ${files.length} files (${rendered} encoded, the rest cached)`,
  );
  return { manifest, files };
}

/** Copies the rendered files into the client build (after Vite has emptied it). */
export function publishImages(files, clientDir) {
  const dir = join(clientDir, 'assets/images');
  mkdirSync(dir, { recursive: true });
  for (const file of files) copyFileSync(file.from, join(dir, file.to));
}
