// @vitest-environment jsdom
import { createRequire } from 'node:module';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { QR_QUIET_ZONE, readQrModules, renderQrPng, renderQrSvg } from './upi-qr';

// pngjs comes with qrcode (it writes the PNG); it has no types of its own.
const { PNG } = createRequire(import.meta.url)('pngjs') as {
  PNG: { sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } } };
};

const URI = 'upi://pay?pa=shantivilla@okaxis&pn=Shanti%20Villa%20Retreat&am=30000.00&cu=INR&tn=SV-1A2B3C4D';
const LABEL = 'UPI QR code to pay ₹30,000 to Shanti Villa Retreat';

/** The dark modules an SVG of renderQrSvg draws, read back from its path (without the quiet zone). */
function readSvgModules(svg: string): boolean[][] {
  const document = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const size = Number(document.documentElement.getAttribute('viewBox')!.split(' ')[2]) - QR_QUIET_ZONE * 2;
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  const d = document.querySelector('path')!.getAttribute('d')!;
  for (const [, x, y, width] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let column = 0; column < Number(width); column += 1)
      grid[Number(y) - QR_QUIET_ZONE]![Number(x) - QR_QUIET_ZONE + column] = true;
  }
  return grid;
}

describe('a UPI QR code as SVG', () => {
  it('is a well-formed SVG document that names what it is for', () => {
    const svg = renderQrSvg(URI, LABEL);
    expect(svg.startsWith('<svg ')).toBe(true);
    const document = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
    const root = document.documentElement;
    expect(root.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(root.getAttribute('role')).toBe('img');
    expect(root.getAttribute('aria-label')).toBe(LABEL);
    expect(root.querySelector('title')?.textContent).toBe(LABEL);
    expect(svg).not.toMatch(/<script|foreignObject|\son\w+=|href/i);
  });

  it('escapes the label, so a payee name cannot add markup', () => {
    const svg = renderQrSvg(URI, 'Pay "A & B" <Villa>');
    const document = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(document.documentElement.getAttribute('aria-label')).toBe('Pay "A & B" <Villa>');
    expect(document.documentElement.children).toHaveLength(3);
  });

  it('draws exactly the modules of the link at error correction M, inside a 4-module quiet zone', () => {
    const svg = renderQrSvg(URI, LABEL);
    const expected = QRCode.create(URI, { errorCorrectionLevel: 'M' });
    expect(expected.errorCorrectionLevel.bit).toBe(0); // M, as qrcode numbers the levels
    const size = expected.modules.size;
    expect(svg).toContain(`viewBox="0 0 ${size + 8} ${size + 8}"`);
    const drawn = readSvgModules(svg);
    expect(drawn).toEqual(readQrModules(URI));
    expect(drawn.flat().map(Number)).toEqual(Array.from(expected.modules.data));
    // Another link draws another code.
    expect(readSvgModules(renderQrSvg(URI.replace('30000.00', '30000.01'), LABEL))).not.toEqual(drawn);
  });

  it('is the same every time for the same link', () => {
    expect(renderQrSvg(URI, LABEL)).toBe(renderQrSvg(URI, LABEL));
  });
});

describe('a UPI QR code as PNG (for e-mail)', () => {
  it('shows the same modules as the SVG, black on white, with the quiet zone', async () => {
    const png = PNG.sync.read(await renderQrPng(URI));
    const modules = readQrModules(URI);
    const scale = png.width / (modules.length + QR_QUIET_ZONE * 2);
    expect(png.width).toBe(png.height);
    expect(Number.isInteger(scale)).toBe(true);
    // The centre pixel of each module (quiet zone included), dark or light.
    const cells = modules.length + QR_QUIET_ZONE * 2;
    const read = Array.from({ length: cells }, (_, row) =>
      Array.from({ length: cells }, (_, column) => {
        const offset = ((row * scale + scale / 2) * png.width + (column * scale + scale / 2)) * 4;
        return png.data[offset]! < 128;
      }),
    );
    const quiet = Array<boolean>(QR_QUIET_ZONE).fill(false);
    const blank = Array<boolean>(cells).fill(false);
    expect(read).toEqual([
      ...Array.from({ length: QR_QUIET_ZONE }, () => blank),
      ...modules.map((row) => [...quiet, ...row, ...quiet]),
      ...Array.from({ length: QR_QUIET_ZONE }, () => blank),
    ]);
    expect((await renderQrPng(URI)).equals(await renderQrPng(URI))).toBe(true);
  });
});
