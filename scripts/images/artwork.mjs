// The project's own artwork: calm, stylised scenes of the retreat drawn as SVG. Each is rendered to
// AVIF and WebP by ./build-images.mjs; a photo with the same name in src/content/images/ replaces it.

const W = 1920;
const H = 1080;

const defs = (id, stops, vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${stops
    .map(
      ([offset, color, opacity = 1]) =>
        `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`,
    )
    .join('')}</linearGradient>`;

const svg = (width, height, body, gradients = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${gradients}<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffd9a0" stop-opacity="0.9"/><stop offset="1" stop-color="#ffd9a0" stop-opacity="0"/></radialGradient></defs>${body}</svg>`;

// A deterministic pseudo-random sequence, so the artwork (and its content hash) never changes by chance.
function random(seed) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

const smoothHill = (width, height, baseY, amplitude, color, seed, steps = 8) => {
  const next = random(seed);
  let d = `M0 ${baseY}`;
  for (let i = 1; i <= steps; i++) {
    const x = (width / steps) * i;
    const cx = x - width / steps / 2;
    const cy = baseY - amplitude * (0.4 + next());
    d += ` Q${cx.toFixed(0)} ${cy.toFixed(0)} ${x.toFixed(0)} ${(baseY - amplitude * 0.3 * next()).toFixed(0)}`;
  }
  return `<path d="${d} L${width} ${height} L0 ${height} Z" fill="${color}"/>`;
};

/** A fort wall with bastions and crenellations, its base at y, from x0 to x1. */
function fort(x0, x1, y, wallHeight, color) {
  const parts = [
    `<rect x="${x0}" y="${y - wallHeight}" width="${x1 - x0}" height="${wallHeight}" fill="${color}"/>`,
  ];
  const merlon = wallHeight / 6;
  for (let x = x0; x < x1; x += merlon * 2) {
    parts.push(
      `<rect x="${x}" y="${y - wallHeight - merlon}" width="${merlon}" height="${merlon}" fill="${color}"/>`,
    );
  }
  const span = x1 - x0;
  for (const at of [0.08, 0.42, 0.78]) {
    const cx = x0 + span * at;
    const r = wallHeight * 0.55;
    parts.push(
      `<path d="M${cx - r} ${y} L${cx - r * 0.85} ${y - wallHeight * 1.45} L${cx + r * 0.85} ${y - wallHeight * 1.45} L${cx + r} ${y} Z" fill="${color}"/>`,
    );
    for (let k = -2; k <= 2; k++) {
      parts.push(
        `<rect x="${cx + k * r * 0.38 - merlon / 2}" y="${y - wallHeight * 1.45 - merlon}" width="${merlon}" height="${merlon}" fill="${color}"/>`,
      );
    }
  }
  return parts.join('');
}

/** A low modern villa with flat roofs and warm windows. */
function villa(x, y, scale, { wall = '#2a2f2c', roof = '#1a1e1c', light = '#ffc978', lit = 1 } = {}) {
  const s = (v) => (v * scale).toFixed(1);
  const windows = [];
  const win = (wx, wy, ww, wh) =>
    windows.push(
      `<rect x="${s(wx)}" y="${s(wy)}" width="${s(ww)}" height="${s(wh)}" fill="${light}" opacity="${lit}"/>`,
      `<rect x="${s(wx)}" y="${s(wy)}" width="${s(ww)}" height="${s(wh)}" fill="url(#glow)" opacity="${0.6 * lit}"/>`,
    );
  win(40, -150, 90, 110);
  win(150, -150, 90, 110);
  win(300, -250, 60, 70);
  win(380, -250, 60, 70);
  win(300, -130, 200, 110);
  win(560, -120, 70, 100);
  return `<g transform="translate(${x} ${y})">
    <rect x="${s(0)}" y="${s(-190)}" width="${s(270)}" height="${s(190)}" fill="${wall}"/>
    <rect x="${s(-20)}" y="${s(-205)}" width="${s(310)}" height="${s(18)}" fill="${roof}"/>
    <rect x="${s(270)}" y="${s(-290)}" width="${s(260)}" height="${s(290)}" fill="${wall}"/>
    <rect x="${s(255)}" y="${s(-305)}" width="${s(300)}" height="${s(18)}" fill="${roof}"/>
    <rect x="${s(530)}" y="${s(-150)}" width="${s(130)}" height="${s(150)}" fill="${wall}"/>
    <rect x="${s(520)}" y="${s(-162)}" width="${s(150)}" height="${s(14)}" fill="${roof}"/>
    ${windows.join('')}
    <rect x="${s(-60)}" y="${s(-4)}" width="${s(780)}" height="${s(8)}" fill="${roof}"/>
  </g>`;
}

/** A palm or a round tree silhouette. */
function palm(x, y, height, color) {
  const top = y - height;
  const fronds = [-70, -35, -10, 20, 50, 80]
    .map((angle) => {
      const rad = (angle * Math.PI) / 180;
      const ex = x + Math.sin(rad) * height * 0.38;
      const ey = top + Math.abs(Math.sin(rad)) * height * 0.12 + height * 0.05;
      return `<path d="M${x} ${top} Q${(x + ex) / 2} ${top - height * 0.12} ${ex} ${ey}" stroke="${color}" stroke-width="${height * 0.035}" fill="none" stroke-linecap="round"/>`;
    })
    .join('');
  return `<path d="M${x - height * 0.02} ${y} Q${x + height * 0.06} ${y - height * 0.5} ${x} ${top}" stroke="${color}" stroke-width="${height * 0.03}" fill="none"/>${fronds}`;
}

const tree = (x, y, r, color) =>
  `<rect x="${x - r * 0.08}" y="${y - r * 0.9}" width="${r * 0.16}" height="${r * 0.9}" fill="${color}"/><ellipse cx="${x}" cy="${y - r * 1.3}" rx="${r * 0.8}" ry="${r * 0.75}" fill="${color}"/><ellipse cx="${x - r * 0.45}" cy="${y - r * 1.0}" rx="${r * 0.5}" ry="${r * 0.45}" fill="${color}"/><ellipse cx="${x + r * 0.5}" cy="${y - r * 1.05}" rx="${r * 0.5}" ry="${r * 0.45}" fill="${color}"/>`;

function stars(width, height, count, seed) {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const r = 0.6 + next() * 1.6;
    return `<circle cx="${(next() * width).toFixed(0)}" cy="${(next() * height).toFixed(0)}" r="${r.toFixed(1)}" fill="#fff6e0" opacity="${(0.35 + next() * 0.6).toFixed(2)}"/>`;
  }).join('');
}

function stringLights(x0, x1, y, sag, count, color = '#ffd58a') {
  const bulbs = Array.from({ length: count }, (_, i) => {
    const t = (i + 0.5) / count;
    const bx = x0 + (x1 - x0) * t;
    const by = y + sag * 4 * t * (1 - t);
    return `<circle cx="${bx.toFixed(0)}" cy="${by.toFixed(0)}" r="5" fill="${color}"/><circle cx="${bx.toFixed(0)}" cy="${by.toFixed(0)}" r="22" fill="url(#glow)" opacity="0.55"/>`;
  }).join('');
  return `<path d="M${x0} ${y} Q${(x0 + x1) / 2} ${y + sag * 2} ${x1} ${y}" stroke="#1b1b18" stroke-width="2" fill="none" opacity="0.6"/>${bulbs}`;
}

/** The retreat at dusk: the hero image. */
function villaDusk() {
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>
    <circle cx="1340" cy="560" r="420" fill="url(#glow)" opacity="0.55"/>
    <circle cx="1340" cy="610" r="70" fill="#ffd9a6" opacity="0.9"/>
    ${stars(W, 360, 60, 7)}
    ${smoothHill(W, H, 640, 120, '#5b4b5a', 3)}
    ${smoothHill(W, H, 700, 90, '#3f3a47', 11)}
    ${fort(120, 900, 660, 70, '#2e2a35')}
    ${smoothHill(W, H, 780, 60, '#26282b', 5)}
    <rect y="820" width="${W}" height="${H - 820}" fill="url(#lawn)"/>
    ${villa(760, 840, 1.35)}
    ${palm(640, 860, 380, '#121614')}
    ${palm(1760, 880, 430, '#121614')}
    ${tree(260, 900, 150, '#141917')}
    ${tree(1600, 900, 110, '#141917')}
    <rect y="900" width="${W}" height="${H - 900}" fill="#0f1412" opacity="0.65"/>
    <path d="M600 1080 Q960 930 1320 1080" fill="#ffc978" opacity="0.08"/>`,
    defs('sky', [
      [0, '#1f2b3f'],
      [0.45, '#6b4f63'],
      [0.72, '#c98a63'],
      [1, '#eab67d'],
    ]) +
      defs('lawn', [
        [0, '#1d2621'],
        [1, '#0e1310'],
      ]),
  );
}

const G = { w: 1200, h: 900 };

function privateLawn() {
  const { w, h } = G;
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>
    <circle cx="930" cy="180" r="200" fill="url(#glow)" opacity="0.5"/>
    ${smoothHill(w, h, 420, 70, '#9fb3a2', 2)}
    ${smoothHill(w, h, 470, 50, '#7d9a83', 9)}
    <path d="M0 520 L${w} 500 L${w} ${h} L0 ${h} Z" fill="url(#lawn)"/>
    ${villa(620, 520, 0.8, { wall: '#e9e1d2', roof: '#c9bba4', light: '#b7c9c6', lit: 0.9 })}
    ${tree(120, 560, 110, '#3f5e49')}
    ${tree(1080, 560, 90, '#47694f')}
    ${tree(330, 540, 70, '#567a5d')}
    <path d="M470 ${h} Q600 650 640 520 L700 520 Q760 650 900 ${h} Z" fill="#d9cdb5" opacity="0.75"/>
    ${Array.from({ length: 7 }, (_, i) => `<ellipse cx="${80 + i * 170}" cy="${760 + (i % 2) * 40}" rx="60" ry="14" fill="#4e7556" opacity="0.35"/>`).join('')}`,
    defs('sky', [
      [0, '#cfdde0'],
      [1, '#f4ead8'],
    ]) +
      defs('lawn', [
        [0, '#7fa074'],
        [1, '#4c6f4c'],
      ]),
  );
}

function indoorLounge() {
  const { w, h } = G;
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="#e8dccb"/>
    <rect x="120" y="110" width="620" height="430" rx="6" fill="url(#view)"/>
    <circle cx="560" cy="380" r="150" fill="url(#glow)" opacity="0.6"/>
    ${smoothHill(620, 540, 420, 60, '#8a6a6a', 4).replace('<path', '<path transform="translate(120 0)"')}
    <rect x="120" y="110" width="620" height="430" rx="6" fill="none" stroke="#5b4636" stroke-width="14"/>
    <rect x="425" y="110" width="10" height="430" fill="#5b4636"/>
    <rect x="0" y="640" width="${w}" height="${h - 640}" fill="#c9b59b"/>
    <ellipse cx="560" cy="780" rx="420" ry="70" fill="#b39a7b"/>
    <rect x="230" y="560" width="560" height="130" rx="26" fill="#f3ece1"/>
    <rect x="200" y="520" width="620" height="80" rx="30" fill="#efe6d8"/>
    <rect x="250" y="600" width="250" height="70" rx="18" fill="#fbf7f0"/>
    <rect x="520" y="600" width="250" height="70" rx="18" fill="#fbf7f0"/>
    <rect x="320" y="560" width="90" height="60" rx="14" fill="#2d4a3e"/>
    <rect x="640" y="560" width="90" height="60" rx="14" fill="#b07a45"/>
    <rect x="410" y="720" width="280" height="26" rx="6" fill="#6b4c35"/>
    <rect x="430" y="745" width="14" height="60" fill="#6b4c35"/><rect x="656" y="745" width="14" height="60" fill="#6b4c35"/>
    <rect x="940" y="330" width="8" height="330" fill="#3b3027"/>
    <path d="M880 330 L1008 330 L980 250 L908 250 Z" fill="#f6e3bf"/>
    <circle cx="944" cy="330" r="120" fill="url(#glow)" opacity="0.5"/>
    <rect x="905" y="655" width="80" height="10" rx="4" fill="#3b3027"/>
    <path d="M1040 660 q20 -120 60 -170 q-10 90 -20 170 z" fill="#476a4f"/><path d="M1060 660 q40 -100 100 -130 q-40 70 -70 130 z" fill="#5b805f"/>
    <rect x="1030" y="640" width="90" height="60" rx="10" fill="#8a6a4d"/>`,
    defs('view', [
      [0, '#6a5a78'],
      [0.6, '#d49a72'],
      [1, '#f0c896'],
    ]),
  );
}

function fortView() {
  const { w, h } = G;
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>
    <circle cx="300" cy="330" r="260" fill="url(#glow)" opacity="0.55"/>
    <circle cx="300" cy="360" r="60" fill="#fff0d2" opacity="0.9"/>
    ${smoothHill(w, h, 520, 80, '#c7a58a', 6)}
    ${fort(60, 1150, 600, 120, '#8b6248')}
    <path d="M560 600 L560 520 Q600 470 640 520 L640 600 Z" fill="#3f2b22"/>
    ${smoothHill(w, h, 640, 40, '#6f8a63', 8)}
    <rect y="700" width="${w}" height="${h - 700}" fill="#5d7a56"/>
    <path d="M0 760 Q600 700 ${w} 780 L${w} ${h} L0 ${h} Z" fill="#4a6547"/>
    ${tree(120, 760, 80, '#324a36')}${tree(1060, 770, 100, '#2c4331')}`,
    defs('sky', [
      [0, '#f3d7b5'],
      [0.6, '#f6e6cf'],
      [1, '#e9d3b8'],
    ]),
  );
}

function amphitheatreNight() {
  const { w, h } = G;
  const rows = Array.from(
    { length: 6 },
    (_, i) =>
      `<path d="M${60 + i * 20} ${560 + i * 60} Q600 ${460 + i * 70} ${1140 - i * 20} ${560 + i * 60}" stroke="#3a3a44" stroke-width="34" fill="none" stroke-linecap="round" opacity="${0.9 - i * 0.05}"/>`,
  ).join('');
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>
    ${stars(w, 420, 90, 21)}
    <circle cx="980" cy="130" r="46" fill="#f7ecd2"/>
    ${smoothHill(w, h, 430, 50, '#1c2230', 13)}
    <rect x="380" y="220" width="440" height="240" rx="6" fill="#e9e2d2"/>
    <rect x="380" y="220" width="440" height="240" rx="6" fill="url(#screen)"/>
    <circle cx="600" cy="340" r="300" fill="url(#glow)" opacity="0.25"/>
    <rect x="370" y="460" width="460" height="16" fill="#111318"/>
    ${rows}
    ${stringLights(0, 1200, 120, 60, 14)}`,
    defs('sky', [
      [0, '#0c1322'],
      [1, '#24304a'],
    ]) +
      defs('screen', [
        [0, '#c98a63', 0.7],
        [1, '#2d4a3e', 0.5],
      ]),
  );
}

function eventEvening() {
  const { w, h } = G;
  const tables = [0, 1, 2]
    .map(
      (i) =>
        `<rect x="${200 + i * 40}" y="${560 + i * 110}" width="${800 - i * 80}" height="${22 + i * 6}" rx="4" fill="#f3ece1"/>` +
        Array.from(
          { length: 8 },
          (_, k) =>
            `<circle cx="${240 + i * 40 + k * ((720 - i * 80) / 7)}" cy="${552 + i * 110}" r="${6 + i}" fill="#ffd58a"/>`,
        ).join(''),
    )
    .join('');
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>
    ${smoothHill(w, h, 460, 60, '#3d3446', 17)}
    <rect y="480" width="${w}" height="${h - 480}" fill="#26342a"/>
    ${tree(90, 520, 120, '#161d19')}${tree(1110, 520, 130, '#161d19')}
    ${stringLights(60, 1140, 250, 90, 18)}
    ${stringLights(60, 1140, 330, 70, 16)}
    ${tables}
    <ellipse cx="600" cy="700" rx="520" ry="200" fill="url(#glow)" opacity="0.18"/>`,
    defs('sky', [
      [0, '#2a2f4a'],
      [0.7, '#8a5d6b'],
      [1, '#d39a73'],
    ]),
  );
}

function bedroom() {
  const { w, h } = G;
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="#efe6d8"/>
    <rect x="780" y="120" width="320" height="420" rx="4" fill="url(#view)"/>
    <rect x="780" y="120" width="320" height="420" rx="4" fill="none" stroke="#7b5d45" stroke-width="12"/>
    <rect x="936" y="120" width="8" height="420" fill="#7b5d45"/>
    <rect x="150" y="300" width="560" height="240" rx="14" fill="#7b5d45"/>
    <rect x="110" y="520" width="640" height="170" rx="16" fill="#fbf7f0"/>
    <rect x="110" y="600" width="640" height="100" rx="12" fill="#2d4a3e"/>
    <rect x="190" y="460" width="200" height="90" rx="30" fill="#ffffff"/>
    <rect x="470" y="460" width="200" height="90" rx="30" fill="#ffffff"/>
    <rect x="0" y="760" width="${w}" height="${h - 760}" fill="#cdb89c"/>
    <rect x="110" y="690" width="20" height="80" fill="#5d4433"/><rect x="730" y="690" width="20" height="80" fill="#5d4433"/>
    <line x1="80" y1="0" x2="80" y2="300" stroke="#5d4433" stroke-width="3"/><circle cx="80" cy="320" r="24" fill="#f6dca8"/><circle cx="80" cy="320" r="90" fill="url(#glow)" opacity="0.5"/>
    <line x1="780" y1="0" x2="780" y2="300" stroke="#5d4433" stroke-width="3"/><circle cx="780" cy="320" r="24" fill="#f6dca8"/>`,
    defs('view', [
      [0, '#a9c1c4'],
      [1, '#e8d8bd'],
    ]),
  );
}

function kitchen() {
  const { w, h } = G;
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="#ece3d4"/>
    <rect x="0" y="0" width="${w}" height="90" fill="#d9ccb7"/>
    ${[300, 600, 900].map((x) => `<line x1="${x}" y1="0" x2="${x}" y2="250" stroke="#3b3027" stroke-width="3"/><path d="M${x - 55} 300 L${x + 55} 300 L${x + 30} 250 L${x - 30} 250 Z" fill="#2d4a3e"/><circle cx="${x}" cy="330" r="110" fill="url(#glow)" opacity="0.45"/>`).join('')}
    <rect x="60" y="380" width="300" height="14" fill="#7b5d45"/><rect x="60" y="470" width="300" height="14" fill="#7b5d45"/>
    ${[90, 150, 200, 260, 300].map((x, i) => `<rect x="${x}" y="${330 + (i % 2) * 10}" width="36" height="${50 - (i % 2) * 10}" rx="6" fill="${['#b07a45', '#f3ece1', '#2d4a3e', '#c98a63', '#f3ece1'][i]}"/>`).join('')}
    <rect x="0" y="560" width="${w}" height="30" fill="#f8f3ea"/>
    <rect x="0" y="590" width="${w}" height="${h - 590}" fill="#6b4c35"/>
    ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${20 + i * 200}" y="620" width="170" height="240" rx="6" fill="#7d5a40"/><rect x="${95 + i * 200}" y="640" width="20" height="6" rx="3" fill="#d8c4a0"/>`).join('')}
    <rect x="720" y="450" width="260" height="110" rx="8" fill="#c8b8a0"/><rect x="760" y="480" width="180" height="50" rx="6" fill="#ece3d4"/>`,
  );
}

function residence() {
  const { w, h } = G;
  const windows = [];
  for (let row = 0; row < 6; row++) {
    for (let col = 0; col < 5; col++) {
      const lit = (row * 5 + col) % 3 === 0;
      windows.push(
        `<rect x="${380 + col * 92}" y="${190 + row * 90}" width="56" height="58" rx="3" fill="${lit ? '#f6d69a' : '#a6b7bd'}"/>`,
      );
    }
  }
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>
    <rect x="60" y="340" width="240" height="460" fill="#b9b1a6"/><rect x="900" y="300" width="260" height="500" fill="#c3bbb0"/>
    ${Array.from({ length: 12 }, (_, i) => `<rect x="${90 + (i % 3) * 70}" y="${380 + Math.floor(i / 3) * 100}" width="40" height="50" fill="#d8dfe0"/>`).join('')}
    <rect x="340" y="150" width="500" height="650" fill="#e7dccb"/>
    <rect x="330" y="135" width="520" height="22" fill="#b07a45"/>
    ${windows.join('')}
    <rect x="545" y="720" width="90" height="80" fill="#2d4a3e"/>
    <rect x="0" y="800" width="${w}" height="${h - 800}" fill="#8d8a83"/>
    <rect x="0" y="830" width="${w}" height="10" fill="#d9d3c7"/>
    ${tree(260, 810, 70, '#4f6f52')}${tree(930, 810, 80, '#466849')}`,
    defs('sky', [
      [0, '#9fc0cf'],
      [1, '#eef0e6'],
    ]),
  );
}

function studyRoom() {
  const { w, h } = G;
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="#e6e0d3"/>
    <rect x="420" y="110" width="360" height="300" rx="4" fill="#b7ced6"/>
    <rect x="420" y="110" width="360" height="300" rx="4" fill="none" stroke="#5f5a52" stroke-width="10"/>
    <rect x="596" y="110" width="8" height="300" fill="#5f5a52"/>
    ${[0, 1].map((i) => `<rect x="${90 + i * 560}" y="500" width="460" height="24" rx="4" fill="#8a6a4d"/><rect x="${110 + i * 560}" y="524" width="16" height="190" fill="#6b4c35"/><rect x="${514 + i * 560}" y="524" width="16" height="190" fill="#6b4c35"/><rect x="${180 + i * 560}" y="420" width="150" height="80" rx="6" fill="#2f3833"/><rect x="${190 + i * 560}" y="428" width="130" height="62" rx="3" fill="#9fb8b0"/><rect x="${360 + i * 560}" y="470" width="90" height="30" rx="4" fill="#f3ece1"/><line x1="${420 + i * 560}" y1="500" x2="${440 + i * 560}" y2="400" stroke="#3b3027" stroke-width="6"/><path d="M${420 + i * 560} 400 l50 -10 l-6 40 z" fill="#b07a45"/>`).join('')}
    <rect x="0" y="740" width="${w}" height="${h - 740}" fill="#bfae94"/>
    <rect x="100" y="180" width="220" height="14" fill="#7b5d45"/><rect x="880" y="180" width="220" height="14" fill="#7b5d45"/>
    ${[110, 150, 190, 230, 270].map((x, i) => `<rect x="${x}" y="${120 + (i % 2) * 10}" width="28" height="${60 - (i % 2) * 10}" fill="${['#2d4a3e', '#b07a45', '#c98a63', '#5b6b7a', '#f3ece1'][i]}"/><rect x="${x + 780}" y="${125 + ((i + 1) % 2) * 10}" width="28" height="${55 - ((i + 1) % 2) * 10}" fill="${['#5b6b7a', '#f3ece1', '#2d4a3e', '#b07a45', '#c98a63'][i]}"/>`).join('')}`,
  );
}

function sunriseTerrace() {
  const w = 1200;
  const h = 1500;
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>
    <circle cx="760" cy="640" r="380" fill="url(#glow)" opacity="0.6"/>
    <circle cx="760" cy="690" r="90" fill="#fff1d6"/>
    ${smoothHill(w, h, 760, 110, '#b58b7b', 19)}
    ${fort(80, 700, 820, 70, '#8a6257')}
    ${smoothHill(w, h, 860, 60, '#7d8a6e', 23)}
    <rect y="960" width="${w}" height="${h - 960}" fill="#d9ccb7"/>
    <rect y="960" width="${w}" height="22" fill="#b8a488"/>
    <rect x="140" y="1080" width="380" height="26" rx="6" fill="#6b4c35"/>
    <rect x="170" y="1106" width="18" height="150" fill="#6b4c35"/><rect x="472" y="1106" width="18" height="150" fill="#6b4c35"/>
    <rect x="640" y="1020" width="420" height="150" rx="30" fill="#f3ece1"/><rect x="620" y="1140" width="460" height="90" rx="20" fill="#efe5d6"/>
    <rect x="700" y="1050" width="110" height="80" rx="16" fill="#2d4a3e"/>
    <rect x="300" y="1040" width="60" height="40" rx="8" fill="#f8f3ea"/>
    ${palm(1110, 1000, 520, '#3a4a3c')}`,
    defs('sky', [
      [0, '#8fa7b9'],
      [0.5, '#f0c9a2'],
      [1, '#f6e6cf'],
    ]),
  );
}

/** Every artwork, by the image name the pages use. */
export const ARTWORK = {
  'villa-dusk': { render: villaDusk, widths: [640, 960, 1280, 1920] },
  'private-lawn': { render: privateLawn, widths: [400, 800, 1200] },
  'indoor-lounge': { render: indoorLounge, widths: [400, 800, 1200] },
  'fort-view': { render: fortView, widths: [400, 800, 1200] },
  amphitheatre: { render: amphitheatreNight, widths: [400, 800, 1200] },
  'event-evening': { render: eventEvening, widths: [400, 800, 1200] },
  bedroom: { render: bedroom, widths: [400, 800, 1200] },
  kitchen: { render: kitchen, widths: [400, 800, 1200] },
  'sunrise-terrace': { render: sunriseTerrace, widths: [400, 800, 1200] },
  'spice-cell-residence': { render: residence, widths: [400, 800, 1200] },
  'spice-cell-study': { render: studyRoom, widths: [400, 800, 1200] },
};
