import QRCode from 'qrcode';

/**
 * A UPI link as a QR code, drawn here (no outside service): error correction M, as UPI apps' own codes use,
 * with the standard quiet zone of 4 modules around it so a camera finds its edges on any background.
 */
const QR_OPTIONS = { errorCorrectionLevel: 'M' } as const;
export const QR_QUIET_ZONE = 4;

/** The QR code's dark modules, row by row (true: dark), without the quiet zone. */
export function readQrModules(text: string): boolean[][] {
  const { modules } = QRCode.create(text, QR_OPTIONS);
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, column) => modules.get(row, column) === 1),
  );
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

/**
 * The QR code as an SVG document: one path of the dark modules (each row's runs as rectangles) on a white
 * square, scaled by its container. `label` names it for people who cannot see it ("UPI QR code to pay ₹X to
 * …"). The same text always gives the same SVG.
 */
export function renderQrSvg(text: string, label: string): string {
  const rows = readQrModules(text);
  const size = rows.length + QR_QUIET_ZONE * 2;
  const runs: string[] = [];
  rows.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      runs.push(`M${start + QR_QUIET_ZONE} ${y + QR_QUIET_ZONE}h${x - start}v1h-${x - start}z`);
    }
  });
  const name = escapeXml(label);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" role="img" aria-label="${name}" shape-rendering="crispEdges">`,
    `<title>${name}</title>`,
    `<rect width="${size}" height="${size}" fill="#fff"/>`,
    `<path fill="#000" d="${runs.join('')}"/>`,
    '</svg>',
  ].join('');
}

/**
 * The QR code as a PNG, for e-mail (most mail programs show no SVG): 6 pixels a module, quiet zone
 * included, black on white.
 */
export function renderQrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...QR_OPTIONS, type: 'png', margin: QR_QUIET_ZONE, scale: 6 });
}

/** The Content-ID of the QR code in a confirmation e-mail (its HTML shows `cid:` this). */
export const UPI_QR_CID = 'upi-qr@shantivilla';

export type InlineImage = { cid: string; filename: string; contentType: string; content: Buffer };

/**
 * The QR code a message shows, as the inline image its HTML names, made when the message is sent. The
 * outbox keeps only a message's text, and the code is a function of the link the text holds, so nothing
 * more is stored: a resend draws the same image.
 */
export async function attachUpiQr(message: { text: string; html: string }): Promise<InlineImage[]> {
  if (!message.html.includes(`cid:${UPI_QR_CID}`)) return [];
  const uri = /upi:\/\/pay\?\S+/.exec(message.text)?.[0];
  if (!uri) return [];
  return [
    { cid: UPI_QR_CID, filename: 'upi-qr.png', contentType: 'image/png', content: await renderQrPng(uri) },
  ];
}
