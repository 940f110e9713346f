// SVG illustrations of the demo products: a category backdrop, a product icon in the product's colour and the
// brand. Pure string building, so the generator script and tests can use it without touching the disk.
import type { IconKind } from '../src/demo/catalogue-data.js';

type Rgb = [number, number, number];
const hex = (h: string): Rgb => {
  const n = Number.parseInt(h.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const toHex = ([r, g, b]: Rgb) => `#${[r, g, b].map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('')}`;
const mix = (a: string, b: string, t: number) => {
  const x = hex(a);
  const y = hex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
};
const luminance = (h: string) => {
  const [r, g, b] = hex(h);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
};

/** Backdrop palettes per shelf: [top, bottom, accent]. */
export const SHELF_PALETTES: Record<string, [string, string, string]> = {
  smartphones: ['#e0e7ff', '#c7d2fe', '#6366f1'],
  laptops: ['#e0f2fe', '#bae6fd', '#0284c7'],
  audio: ['#ede9fe', '#ddd6fe', '#7c3aed'],
  'smart-home': ['#fef3c7', '#fde68a', '#d97706'],
  'fitness-wearables': ['#d1fae5', '#a7f3d0', '#059669'],
  gaming: ['#fae8ff', '#f5d0fe', '#a21caf'],
  kitchen: ['#ffedd5', '#fed7aa', '#ea580c'],
  outdoor: ['#dcfce7', '#bbf7d0', '#15803d'],
  beauty: ['#fce7f3', '#fbcfe8', '#db2777'],
  pets: ['#fef9c3', '#fef08a', '#ca8a04'],
  'home-office': ['#e2e8f0', '#cbd5e1', '#475569'],
  'musical-instruments': ['#fee2e2', '#fecaca', '#b91c1c'],
  books: ['#f5f5f4', '#e7e5e4', '#78716c'],
  sports: ['#ecfccb', '#d9f99d', '#4d7c0f'],
  fashion: ['#ffe4e6', '#fecdd3', '#e11d48'],
  cameras: ['#cffafe', '#a5f3fc', '#0e7490'],
};

/** One icon, drawn in a box from -110 to 110 around the origin. c = main colour, d = darker, l = lighter, o = outline. */
function icon(kind: IconKind, c: string, d: string, l: string, o: string): string {
  const s = `stroke="${o}" stroke-width="5" stroke-linejoin="round" stroke-linecap="round"`;
  switch (kind) {
    case 'phone':
      return `<rect x="-50" y="-100" width="100" height="200" rx="18" fill="${c}" ${s}/><rect x="-40" y="-84" width="80" height="164" rx="8" fill="${l}"/><circle cx="0" cy="-92" r="4" fill="${o}"/><rect x="-36" y="-78" width="30" height="30" rx="6" fill="${c}" opacity="0.5"/>`;
    case 'foldable':
      return `<rect x="-95" y="-85" width="190" height="170" rx="14" fill="${c}" ${s}/><rect x="-84" y="-74" width="80" height="148" rx="6" fill="${l}"/><rect x="4" y="-74" width="80" height="148" rx="6" fill="${l}"/><line x1="0" y1="-85" x2="0" y2="85" stroke="${o}" stroke-width="4"/>`;
    case 'laptop':
      return `<rect x="-85" y="-75" width="170" height="110" rx="8" fill="${c}" ${s}/><rect x="-74" y="-64" width="148" height="88" rx="3" fill="${l}"/><path d="M-108 40 H108 L96 62 H-96 Z" fill="${d}" ${s}/><rect x="-18" y="42" width="36" height="6" rx="3" fill="${l}"/>`;
    case 'tablet':
      return `<rect x="-80" y="-95" width="160" height="190" rx="16" fill="${c}" ${s}/><rect x="-68" y="-82" width="136" height="164" rx="6" fill="${l}"/><path d="M60 -70 L100 -110 L108 -102 L68 -62 Z" fill="${d}" ${s}/>`;
    case 'headphones':
      return `<path d="M-72 20 V-10 A72 72 0 0 1 72 -10 V20" fill="none" stroke="${c}" stroke-width="16" stroke-linecap="round"/><rect x="-96" y="0" width="44" height="78" rx="18" fill="${c}" ${s}/><rect x="52" y="0" width="44" height="78" rx="18" fill="${c}" ${s}/><rect x="-86" y="14" width="18" height="50" rx="9" fill="${d}"/><rect x="68" y="14" width="18" height="50" rx="9" fill="${d}"/>`;
    case 'earbuds':
      return `<rect x="-70" y="10" width="140" height="80" rx="34" fill="${l}" ${s}/><line x1="-70" y1="40" x2="70" y2="40" stroke="${o}" stroke-width="3"/><g transform="translate(-35 -40) rotate(-20)"><ellipse cx="0" cy="0" rx="22" ry="26" fill="${c}" ${s}/><rect x="-8" y="16" width="16" height="50" rx="8" fill="${c}" ${s}/></g><g transform="translate(35 -40) rotate(20)"><ellipse cx="0" cy="0" rx="22" ry="26" fill="${c}" ${s}/><rect x="-8" y="16" width="16" height="50" rx="8" fill="${c}" ${s}/></g>`;
    case 'speaker':
      return `<rect x="-55" y="-95" width="110" height="190" rx="50" fill="${c}" ${s}/><circle cx="0" cy="-35" r="28" fill="${d}" ${s}/><circle cx="0" cy="40" r="36" fill="${d}" ${s}/><circle cx="0" cy="40" r="12" fill="${l}"/>`;
    case 'soundbar':
      return `<rect x="-108" y="-40" width="216" height="44" rx="20" fill="${c}" ${s}/><g fill="${l}">${[-80, -55, -30, -5, 20, 45, 70].map((x) => `<circle cx="${x + 5}" cy="-18" r="6"/>`).join('')}</g><rect x="-40" y="20" width="80" height="80" rx="12" fill="${d}" ${s}/><circle cx="0" cy="60" r="24" fill="${c}"/>`;
    case 'turntable':
      return `<rect x="-100" y="-80" width="200" height="160" rx="12" fill="${c}" ${s}/><circle cx="-15" cy="0" r="62" fill="${o}"/><circle cx="-15" cy="0" r="18" fill="${l}"/>`;
    case 'bulb':
      return `<path d="M-55 -20 A60 60 0 1 1 55 -20 C55 10 30 25 28 50 H-28 C-30 25 -55 10 -55 -20 Z" fill="${c}" ${s}/><rect x="-28" y="54" width="56" height="14" rx="4" fill="${d}" ${s}/><rect x="-24" y="72" width="48" height="14" rx="4" fill="${d}" ${s}/><path d="M-14 92 H14 L8 104 H-8 Z" fill="${o}"/><path d="M-18 10 L0 -20 L18 10" fill="none" stroke="${l}" stroke-width="5"/>`;
    case 'plug':
      return `<rect x="-70" y="-80" width="140" height="160" rx="28" fill="${c}" ${s}/><rect x="-34" y="-40" width="14" height="36" rx="3" fill="${o}"/><rect x="20" y="-40" width="14" height="36" rx="3" fill="${o}"/><rect x="-8" y="14" width="16" height="30" rx="3" fill="${o}"/><circle cx="48" cy="-60" r="7" fill="#22c55e"/>`;
    case 'camera-dome':
      return `<rect x="-60" y="50" width="120" height="40" rx="12" fill="${d}" ${s}/><path d="M-20 50 V30 H20 V50" fill="${d}" ${s}/><circle cx="0" cy="-20" r="62" fill="${c}" ${s}/><circle cx="0" cy="-20" r="34" fill="${o}"/><circle cx="0" cy="-20" r="16" fill="#3b82f6"/><circle cx="8" cy="-28" r="5" fill="#fff"/>`;
    case 'thermostat':
      return `<circle cx="0" cy="0" r="90" fill="${l}" ${s}/><circle cx="0" cy="0" r="68" fill="${o}"/><path d="M-48 30 A55 55 0 1 1 48 30" fill="none" stroke="${c}" stroke-width="10" stroke-linecap="round"/><text x="0" y="16" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="44" fill="#fff">22°</text>`;
    case 'doorbell':
      return `<rect x="-45" y="-100" width="90" height="200" rx="40" fill="${c}" ${s}/><circle cx="0" cy="-45" r="26" fill="${o}"/><circle cx="0" cy="-45" r="11" fill="#3b82f6"/><circle cx="0" cy="45" r="24" fill="${l}" ${s}/><circle cx="0" cy="45" r="10" fill="#38bdf8"/>`;
    case 'watch':
      return `<rect x="-38" y="-110" width="76" height="220" rx="14" fill="${d}"/><rect x="-62" y="-62" width="124" height="124" rx="34" fill="${c}" ${s}/><rect x="-48" y="-48" width="96" height="96" rx="24" fill="${o}"/><path d="M-30 10 H-14 L-6 -14 L6 26 L14 4 H30" fill="none" stroke="#4ade80" stroke-width="6" stroke-linejoin="round"/><rect x="62" y="-16" width="10" height="32" rx="4" fill="${d}"/>`;
    case 'band':
      return `<rect x="-28" y="-110" width="56" height="220" rx="24" fill="${c}" ${s}/><rect x="-34" y="-52" width="68" height="104" rx="24" fill="${o}"/><text x="0" y="12" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="26" fill="#fff">72</text><path d="M-12 26 q12 12 24 0" stroke="#f43f5e" stroke-width="5" fill="none"/>`;
    case 'scale':
      return `<rect x="-100" y="-100" width="200" height="200" rx="34" fill="${c}" ${s}/><rect x="-40" y="-76" width="80" height="36" rx="8" fill="${o}"/><text x="0" y="-50" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="22" fill="#4ade80">68.4</text><ellipse cx="-42" cy="40" rx="22" ry="36" fill="${l}" stroke="${o}" stroke-width="3"/><ellipse cx="42" cy="40" rx="22" ry="36" fill="${l}" stroke="${o}" stroke-width="3"/>`;
    case 'ring':
      return `<ellipse cx="0" cy="10" rx="82" ry="62" fill="none" stroke="${o}" stroke-width="34"/><ellipse cx="0" cy="10" rx="82" ry="62" fill="none" stroke="${c}" stroke-width="26"/><ellipse cx="0" cy="-48" rx="20" ry="7" fill="${d}"/>`;
    case 'gamepad':
      return `<path d="M-70 -45 H70 C100 -45 110 0 106 40 C102 80 72 85 56 60 L40 35 H-40 L-56 60 C-72 85 -102 80 -106 40 C-110 0 -100 -45 -70 -45 Z" fill="${c}" ${s}/><path d="M-68 -8 V8 M-76 0 H-60" stroke="${l}" stroke-width="8" stroke-linecap="round"/><rect x="-76" y="-6" width="32" height="12" rx="3" fill="${l}"/><rect x="-66" y="-16" width="12" height="32" rx="3" fill="${l}"/><circle cx="58" cy="-12" r="8" fill="#22c55e"/><circle cx="74" cy="4" r="8" fill="#ef4444"/><circle cx="42" cy="4" r="8" fill="#3b82f6"/><circle cx="58" cy="20" r="8" fill="#eab308"/><circle cx="-22" cy="28" r="14" fill="${d}"/><circle cx="22" cy="28" r="14" fill="${d}"/>`;
    case 'console':
      return `<path d="M-60 -100 C-20 -90 -20 90 -60 100 L-30 100 C0 90 0 -90 -30 -100 Z" fill="${c}" ${s}/><rect x="-26" y="-96" width="52" height="192" rx="10" fill="${o}"/><path d="M60 -100 C20 -90 20 90 60 100 L30 100 C0 90 0 -90 30 -100 Z" fill="${c}" ${s}/><rect x="-4" y="-60" width="8" height="40" rx="3" fill="#60a5fa"/>`;
    case 'headset':
      return `<path d="M-72 20 V-10 A72 72 0 0 1 72 -10 V20" fill="none" stroke="${o}" stroke-width="16" stroke-linecap="round"/><rect x="-100" y="-5" width="50" height="86" rx="20" fill="${c}" ${s}/><rect x="50" y="-5" width="50" height="86" rx="20" fill="${c}" ${s}/><path d="M-75 70 C-70 105 -30 105 -10 100" fill="none" stroke="${o}" stroke-width="7" stroke-linecap="round"/><circle cx="-8" cy="100" r="9" fill="${c}" stroke="${o}" stroke-width="4"/>`;
    case 'keyboard':
      return `<rect x="-110" y="-55" width="220" height="110" rx="14" fill="${o}" ${s}/>${[-38, -12, 14].map((y) => [-92, -66, -40, -14, 12, 38, 64].map((x) => `<rect x="${x}" y="${y}" width="22" height="22" rx="4" fill="${c}"/>`).join('')).join('')}<rect x="-66" y="38" width="126" height="10" rx="4" fill="${c}" opacity="0.8"/><rect x="88" y="-38" width="14" height="74" rx="4" fill="${l}"/>`;
    case 'mouse':
      return `<path d="M0 -100 C60 -100 68 -40 68 20 C68 80 40 104 0 104 C-40 104 -68 80 -68 20 C-68 -40 -60 -100 0 -100 Z" fill="${o}" ${s}/><line x1="0" y1="-100" x2="0" y2="-20" stroke="${c}" stroke-width="5"/><rect x="-7" y="-70" width="14" height="30" rx="7" fill="${c}"/><path d="M-60 30 Q0 60 60 30" stroke="${c}" stroke-width="8" fill="none"/>`;
    case 'kettle':
      return `<path d="M-70 90 L-55 -40 H55 L70 90 Z" fill="${c}" ${s}/><path d="M-55 -20 C-100 -30 -110 -70 -108 -80" fill="none" stroke="${o}" stroke-width="9" stroke-linecap="round"/><rect x="-40" y="-62" width="80" height="22" rx="8" fill="${d}" ${s}/><path d="M55 -20 C100 -10 100 60 62 70" fill="none" stroke="${o}" stroke-width="12"/><rect x="-80" y="90" width="160" height="14" rx="6" fill="${o}"/>`;
    case 'blender':
      return `<path d="M-45 -100 H45 L35 30 H-35 Z" fill="${l}" opacity="0.9" ${s}/><rect x="-50" y="-110" width="100" height="16" rx="6" fill="${o}"/><path d="M-30 -10 L30 -40 M-30 -40 L30 -10" stroke="${d}" stroke-width="6"/><path d="M-55 30 H55 L62 104 H-62 Z" fill="${c}" ${s}/><circle cx="0" cy="68" r="16" fill="${l}" ${s}/>`;
    case 'pan':
      return `<ellipse cx="-20" cy="10" rx="82" ry="74" fill="${c}" ${s}/><ellipse cx="-20" cy="10" rx="62" ry="55" fill="${d}"/><rect x="55" y="0" width="60" height="20" rx="9" fill="${c}" ${s} transform="rotate(-18 55 10)"/>`;
    case 'coffee':
      return `<rect x="-80" y="-100" width="160" height="40" rx="10" fill="${c}" ${s}/><rect x="-80" y="-60" width="44" height="150" fill="${c}" ${s}/><rect x="-36" y="-60" width="116" height="30" fill="${d}"/><rect x="-10" y="-30" width="36" height="16" rx="4" fill="${o}"/><path d="M-10 30 H50 L44 80 H-4 Z" fill="#fff" ${s}/><path d="M50 42 C70 42 70 66 46 66" fill="none" stroke="${o}" stroke-width="6"/><rect x="-80" y="86" width="170" height="16" rx="6" fill="${o}"/>`;
    case 'airfryer':
      return `<path d="M-70 -100 H70 C86 -100 90 -80 90 -60 V80 C90 96 80 104 66 104 H-66 C-80 104 -90 96 -90 80 V-60 C-90 -80 -86 -100 -70 -100 Z" fill="${c}" ${s}/><rect x="-50" y="-80" width="100" height="40" rx="8" fill="${o}"/><text x="0" y="-52" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="22" fill="#f97316">200°</text><rect x="-76" y="0" width="152" height="86" rx="12" fill="${d}" stroke="${o}" stroke-width="4"/><rect x="-30" y="30" width="60" height="16" rx="8" fill="${l}"/>`;
    case 'tent':
      return `<path d="M-110 90 L0 -100 L110 90 Z" fill="${c}" ${s}/><path d="M0 -100 L-40 90 H40 Z" fill="${d}" ${s}/><path d="M0 -30 L-20 90 H20 Z" fill="${o}"/><line x1="-120" y1="92" x2="120" y2="92" stroke="${o}" stroke-width="6"/>`;
    case 'backpack':
      return `<rect x="-70" y="-80" width="140" height="180" rx="40" fill="${c}" ${s}/><path d="M-30 -80 V-100 A30 20 0 0 1 30 -100 V-80" fill="none" stroke="${o}" stroke-width="8"/><rect x="-50" y="20" width="100" height="64" rx="16" fill="${d}" ${s}/><line x1="-30" y1="40" x2="30" y2="40" stroke="${l}" stroke-width="5"/><rect x="-50" y="-50" width="100" height="12" rx="6" fill="${d}"/>`;
    case 'bottle':
      return `<rect x="-24" y="-110" width="48" height="30" rx="8" fill="${o}"/><path d="M-24 -80 C-24 -60 -48 -56 -48 -30 V90 C-48 102 -40 108 -28 108 H28 C40 108 48 102 48 90 V-30 C48 -56 24 -60 24 -80 Z" fill="${c}" ${s}/><rect x="-48" y="0" width="96" height="40" fill="${l}" opacity="0.6"/><path d="M24 -104 C50 -104 50 -84 24 -84" fill="none" stroke="${o}" stroke-width="6"/>`;
    case 'lantern':
      return `<path d="M-30 -100 A30 24 0 0 1 30 -100" fill="none" stroke="${o}" stroke-width="7"/><rect x="-55" y="-96" width="110" height="26" rx="8" fill="${o}"/><rect x="-46" y="-70" width="92" height="136" rx="14" fill="${l}" ${s}/><ellipse cx="0" cy="0" rx="24" ry="40" fill="${c}"/><rect x="-60" y="66" width="120" height="34" rx="10" fill="${o}"/>`;
    case 'sleeping-bag':
      return `<path d="M-60 -100 H60 C80 -100 80 -80 78 -60 L66 90 C64 104 56 108 44 108 H-44 C-56 108 -64 104 -66 90 L-78 -60 C-80 -80 -80 -100 -60 -100 Z" fill="${c}" ${s}/><ellipse cx="0" cy="-66" rx="46" ry="26" fill="${d}"/>${[-20, 20, 60].map((y) => `<path d="M-70 ${y} Q0 ${y + 16} 70 ${y}" stroke="${d}" stroke-width="5" fill="none"/>`).join('')}`;
    case 'serum':
      return `<rect x="-14" y="-110" width="28" height="20" rx="8" fill="${o}"/><path d="M-24 -90 H24 V-60 H-24 Z" fill="${d}" ${s}/><rect x="-50" y="-60" width="100" height="166" rx="18" fill="${c}" ${s}/><rect x="-36" y="-10" width="72" height="64" rx="6" fill="#fff" opacity="0.85"/><text x="0" y="32" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="28" fill="${o}">C</text>`;
    case 'lipstick':
      return `<path d="M-26 -30 V-80 L26 -104 V-30 Z" fill="${c}" ${s}/><rect x="-34" y="-32" width="68" height="46" rx="4" fill="#d4af37" ${s}/><rect x="-40" y="14" width="80" height="96" rx="8" fill="${o}"/>`;
    case 'palette':
      return `<rect x="-105" y="-80" width="210" height="160" rx="16" fill="${o}" ${s}/>${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => `<circle cx="${-75 + (i % 4) * 50}" cy="${-45 + Math.floor(i / 4) * 45}" r="18" fill="${mix(c, i % 2 ? '#ffffff' : '#7c2d12', (i % 6) / 8)}"/>`).join('')}`;
    case 'hairdryer':
      return `<path d="M-100 -70 H40 A50 50 0 0 1 40 30 H-100 Z" fill="${c}" ${s}/><circle cx="40" cy="-20" r="30" fill="${d}"/><rect x="-30" y="20" width="40" height="90" rx="12" fill="${c}" ${s}/><rect x="-108" y="-60" width="16" height="80" rx="4" fill="${o}"/>`;
    case 'cream':
      return `<rect x="-80" y="-40" width="160" height="26" rx="10" fill="${d}" ${s}/><rect x="-74" y="-14" width="148" height="100" rx="22" fill="${c}" ${s}/><rect x="-46" y="14" width="92" height="44" rx="6" fill="#fff" opacity="0.85"/><text x="0" y="44" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="20" fill="${o}">SPF30</text>`;
    case 'bowl':
      return `<rect x="-50" y="-110" width="100" height="120" rx="20" fill="${c}" ${s}/><rect x="-30" y="-90" width="60" height="30" rx="6" fill="${l}"/><path d="M-100 40 H100 L80 100 H-80 Z" fill="${d}" ${s}/><ellipse cx="0" cy="40" rx="100" ry="16" fill="${o}"/>${[-40, -10, 20, 45].map((x, i) => `<circle cx="${x}" cy="${34 + (i % 2) * 4}" r="9" fill="#a16207"/>`).join('')}`;
    case 'bone':
      return `<g transform="rotate(-30)"><rect x="-70" y="-20" width="140" height="40" fill="${c}" ${s}/><circle cx="-78" cy="-22" r="26" fill="${c}" ${s}/><circle cx="-78" cy="22" r="26" fill="${c}" ${s}/><circle cx="78" cy="-22" r="26" fill="${c}" ${s}/><circle cx="78" cy="22" r="26" fill="${c}" ${s}/><rect x="-60" y="-16" width="120" height="32" fill="${c}"/></g>`;
    case 'collar':
      return `<ellipse cx="0" cy="-10" rx="92" ry="70" fill="none" stroke="${o}" stroke-width="40"/><ellipse cx="0" cy="-10" rx="92" ry="70" fill="none" stroke="${c}" stroke-width="30"/><ellipse cx="0" cy="-10" rx="92" ry="70" fill="none" stroke="#fff" stroke-width="3" stroke-dasharray="10 10"/><circle cx="0" cy="86" r="24" fill="#d4af37" stroke="${o}" stroke-width="5"/>`;
    case 'pet-bed':
      return `<ellipse cx="0" cy="40" rx="110" ry="56" fill="${d}" ${s}/><ellipse cx="0" cy="30" rx="80" ry="34" fill="${l}"/><path d="M-40 26 C-40 0 40 0 40 26 C40 40 -40 40 -40 26 Z" fill="${c}"/><circle cx="-28" cy="0" r="14" fill="${c}"/><path d="M-36 -10 L-30 -24 L-22 -10 Z" fill="${c}"/>`;
    case 'litter':
      return `<circle cx="0" cy="-10" r="96" fill="${c}" ${s}/><circle cx="0" cy="-10" r="56" fill="${o}"/><rect x="-100" y="70" width="200" height="34" rx="10" fill="${d}" ${s}/><circle cx="70" cy="-74" r="8" fill="#22c55e"/>`;
    case 'chair':
      return `<rect x="-55" y="-105" width="110" height="110" rx="30" fill="${c}" ${s}/><path d="M-45 -90 H45 M-45 -70 H45 M-45 -50 H45 M-45 -30 H45" stroke="${l}" stroke-width="3" opacity="0.5"/><rect x="-70" y="12" width="140" height="30" rx="12" fill="${c}" ${s}/><rect x="-6" y="42" width="12" height="40" fill="${o}"/><path d="M-70 100 L0 80 L70 100 M0 80 V104" stroke="${o}" stroke-width="8" stroke-linecap="round" fill="none"/><circle cx="-70" cy="104" r="7" fill="${o}"/><circle cx="70" cy="104" r="7" fill="${o}"/>`;
    case 'desk':
      return `<rect x="-110" y="-30" width="220" height="22" rx="5" fill="${c}" ${s}/><rect x="-90" y="-8" width="18" height="100" fill="${o}"/><rect x="72" y="-8" width="18" height="100" fill="${o}"/><rect x="-104" y="92" width="50" height="10" rx="4" fill="${o}"/><rect x="54" y="92" width="50" height="10" rx="4" fill="${o}"/><rect x="-40" y="-90" width="80" height="56" rx="4" fill="${d}" ${s}/><rect x="-6" y="-34" width="12" height="6" fill="${o}"/>`;
    case 'lamp':
      return `<ellipse cx="-20" cy="96" rx="60" ry="12" fill="${o}"/><path d="M-20 92 L-40 -10 L50 -80" fill="none" stroke="${c}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/><path d="M30 -96 L96 -60 L80 -40 L16 -74 Z" fill="${c}" ${s}/><path d="M70 -44 L100 20 L40 -20" fill="#fde68a" opacity="0.6"/><circle cx="-40" cy="-10" r="10" fill="${o}"/>`;
    case 'monitor':
      return `<rect x="-110" y="-90" width="220" height="130" rx="8" fill="${c}" ${s}/><rect x="-100" y="-80" width="200" height="110" rx="3" fill="${l}"/><path d="M-100 30 L-40 -40 L0 0 L40 -30 L100 30 Z" fill="${d}" opacity="0.45"/><rect x="-12" y="40" width="24" height="44" fill="${o}"/><rect x="-60" y="84" width="120" height="14" rx="6" fill="${o}"/>`;
    case 'webcam':
      return `<rect x="-96" y="-46" width="192" height="76" rx="36" fill="${c}" ${s}/><circle cx="0" cy="-8" r="28" fill="${o}"/><circle cx="0" cy="-8" r="14" fill="#3b82f6"/><circle cx="6" cy="-14" r="4" fill="#fff"/><path d="M-30 30 L-40 90 H40 L30 30" fill="${d}" ${s}/>`;
    case 'guitar':
      return `<g transform="rotate(35)"><rect x="-8" y="-110" width="16" height="110" fill="${o}"/><rect x="-14" y="-124" width="28" height="22" rx="4" fill="${o}"/><path d="M0 -10 C-50 -12 -56 30 -36 48 C-70 70 -60 120 0 120 C60 120 70 70 36 48 C56 30 50 -12 0 -10 Z" fill="${c}" ${s}/><circle cx="0" cy="42" r="16" fill="${o}"/><rect x="-20" y="86" width="40" height="8" rx="3" fill="${o}"/></g>`;
    case 'piano':
      return `<rect x="-110" y="-60" width="220" height="130" rx="10" fill="${c}" ${s}/><rect x="-100" y="-10" width="200" height="70" fill="#fff"/>${Array.from({ length: 10 }, (_, i) => `<line x1="${-100 + i * 20}" y1="-10" x2="${-100 + i * 20}" y2="60" stroke="${o}" stroke-width="2"/>`).join('')}${[0, 1, 3, 4, 5, 7, 8].map((i) => `<rect x="${-87 + i * 20}" y="-10" width="12" height="40" fill="${o}"/>`).join('')}<rect x="-50" y="-46" width="100" height="20" rx="4" fill="${d}"/>`;
    case 'drum':
      return `<ellipse cx="0" cy="-30" rx="90" ry="30" fill="${l}" ${s}/><path d="M-90 -30 V60 A90 30 0 0 0 90 60 V-30 A90 30 0 0 1 -90 -30 Z" fill="${c}" ${s}/>${[-60, -20, 20, 60].map((x) => `<line x1="${x}" y1="${-30 + Math.abs(x) / 10 + 22}" x2="${x}" y2="${80 - Math.abs(x) / 6}" stroke="#d4d4d8" stroke-width="5"/>`).join('')}<line x1="-60" y1="-110" x2="10" y2="-40" stroke="${o}" stroke-width="7" stroke-linecap="round"/><line x1="70" y1="-110" x2="20" y2="-44" stroke="${o}" stroke-width="7" stroke-linecap="round"/>`;
    case 'violin':
      return `<g transform="rotate(-30)"><rect x="-6" y="-118" width="12" height="90" fill="${o}"/><circle cx="0" cy="-118" r="10" fill="${o}"/><path d="M0 -36 C-44 -40 -46 0 -24 14 C-34 26 -34 30 -24 40 C-54 60 -44 112 0 112 C44 112 54 60 24 40 C34 30 34 26 24 14 C46 0 44 -40 0 -36 Z" fill="${c}" ${s}/><path d="M-16 20 q-6 8 0 16 M16 20 q6 8 0 16" stroke="${o}" stroke-width="4" fill="none"/><rect x="-14" y="70" width="28" height="6" fill="${o}"/></g>`;
    case 'ukulele':
      return `<g transform="rotate(-35)"><rect x="-7" y="-112" width="14" height="90" fill="${o}"/><rect x="-12" y="-122" width="24" height="18" rx="4" fill="${o}"/><path d="M0 -26 C-40 -28 -44 8 -28 22 C-54 40 -46 100 0 100 C46 100 54 40 28 22 C44 8 40 -28 0 -26 Z" fill="${c}" ${s}/><circle cx="0" cy="26" r="13" fill="${o}"/></g>`;
    case 'book':
      return `<path d="M-70 -100 H70 V100 H-70 Z" fill="${c}" ${s}/><rect x="-70" y="-100" width="18" height="200" fill="${d}"/><rect x="-38" y="-70" width="90" height="12" rx="3" fill="${o}" opacity="0.8"/><rect x="-38" y="-48" width="66" height="8" rx="3" fill="${o}" opacity="0.5"/><circle cx="8" cy="20" r="30" fill="${mix(c, luminance(c) > 0.6 ? '#f59e0b' : '#ffffff', 0.6)}"/><path d="M-70 100 H70 V108 H-64 Z" fill="#fff" stroke="${o}" stroke-width="3"/>`;
    case 'ball':
      return `<circle cx="0" cy="0" r="96" fill="${c}" ${s}/><path d="M0 -34 L32 -10 L20 28 H-20 L-32 -10 Z" fill="${o}"/><path d="M0 -34 V-96 M32 -10 L90 -30 M20 28 L56 78 M-20 28 L-56 78 M-32 -10 L-90 -30" stroke="${o}" stroke-width="5"/><path d="M-40 -86 L0 -96 L40 -86 M80 -50 L92 -8 M70 62 L40 86 M-70 62 L-40 86 M-80 -50 L-92 -8" stroke="${o}" stroke-width="5" fill="none"/>`;
    case 'racket':
      return `<g transform="rotate(-30)"><ellipse cx="0" cy="-40" rx="62" ry="76" fill="none" stroke="${c}" stroke-width="14"/>${[-40, -20, 0, 20, 40].map((x) => `<line x1="${x}" y1="-110" x2="${x}" y2="30" stroke="${o}" stroke-width="2" opacity="0.6"/>`).join('')}${[-90, -65, -40, -15, 10].map((y) => `<line x1="-60" y1="${y}" x2="60" y2="${y}" stroke="${o}" stroke-width="2" opacity="0.6"/>`).join('')}<path d="M-20 32 L0 60 L20 32" fill="none" stroke="${c}" stroke-width="10"/><rect x="-10" y="56" width="20" height="66" rx="6" fill="${o}"/></g><circle cx="70" cy="70" r="24" fill="#d9f99d" stroke="${o}" stroke-width="4"/>`;
    case 'dumbbell':
      return `<g transform="rotate(-20)"><rect x="-60" y="-10" width="120" height="20" rx="6" fill="#9ca3af" ${s}/>${[-100, -80, 56, 76].map((x) => `<rect x="${x}" y="-50" width="24" height="100" rx="8" fill="${c}" ${s}/>`).join('')}</g>`;
    case 'yoga-mat':
      return `<path d="M-100 60 H60 A40 40 0 0 0 60 -20 H-100 Z" fill="${c}" ${s}/><circle cx="60" cy="20" r="40" fill="${d}" ${s}/><circle cx="60" cy="20" r="22" fill="${c}"/><circle cx="60" cy="20" r="8" fill="${d}"/><path d="M-110 -50 H40" stroke="${o}" stroke-width="6" stroke-linecap="round"/>`;
    case 'bike':
      return `<circle cx="-60" cy="40" r="46" fill="none" stroke="${o}" stroke-width="8"/><circle cx="60" cy="40" r="46" fill="none" stroke="${o}" stroke-width="8"/><path d="M-60 40 L-20 -30 H40 L60 40 M-20 -30 L0 40 L40 -30" fill="none" stroke="${c}" stroke-width="9"/>`;
    case 'shoe':
      return `<path d="M-108 40 C-108 0 -100 -40 -80 -60 C-60 -56 -40 -40 -20 -44 L10 -30 C40 -10 80 0 100 14 C112 24 110 50 100 56 H-100 Z" fill="${c}" ${s}/><path d="M-108 50 H104 C108 66 100 78 88 78 H-96 C-106 78 -110 66 -108 50 Z" fill="${luminance(c) > 0.7 ? '#d6d3d1' : '#fff'}" ${s}/><path d="M-30 -38 L-14 -10 M-14 -34 L2 -6 M2 -28 L18 0" stroke="${luminance(c) > 0.7 ? o : '#fff'}" stroke-width="5"/><path d="M-60 16 C-20 30 30 26 80 30" stroke="${d}" stroke-width="6" fill="none"/>`;
    case 'jacket':
      return `<path d="M-40 -100 L-100 -70 L-110 80 H-70 L-66 -20 L-60 104 H60 L66 -20 L70 80 H110 L100 -70 L40 -100 L0 -60 Z" fill="${c}" ${s}/>${[-40, -5, 30, 65].map((y) => `<path d="M-62 ${y} H62" stroke="${d}" stroke-width="4"/>`).join('')}<line x1="0" y1="-60" x2="0" y2="104" stroke="${o}" stroke-width="4"/><path d="M-40 -100 C-20 -86 20 -86 40 -100" fill="none" stroke="${o}" stroke-width="5"/>`;
    case 'handbag':
      return `<path d="M-40 -40 V-70 A40 40 0 0 1 40 -70 V-40" fill="none" stroke="${d}" stroke-width="12"/><path d="M-90 -40 H90 L104 100 H-104 Z" fill="${c}" ${s}/><rect x="-14" y="-20" width="28" height="20" rx="4" fill="#d4af37" stroke="${o}" stroke-width="3"/><path d="M-90 -10 H90" stroke="${d}" stroke-width="4"/>`;
    case 'sunglasses':
      return `<path d="M-104 -20 H-12 C-10 40 -30 60 -60 60 C-96 60 -106 30 -104 -20 Z" fill="${o}" ${s}/><path d="M104 -20 H12 C10 40 30 60 60 60 C96 60 106 30 104 -20 Z" fill="${o}" ${s}/><path d="M-104 -24 H104 M-12 -14 Q0 -24 12 -14" stroke="${c}" stroke-width="8" fill="none"/><path d="M-84 0 L-60 -10 M60 -10 L84 0" stroke="#fff" stroke-width="5" opacity="0.5"/>`;
    case 'tshirt':
      return `<path d="M-40 -96 L-110 -60 L-84 -10 L-60 -24 V100 H60 V-24 L84 -10 L110 -60 L40 -96 C30 -70 -30 -70 -40 -96 Z" fill="${c}" ${s}/><path d="M-40 -96 C-30 -70 30 -70 40 -96" fill="none" stroke="${d}" stroke-width="6"/><g transform="translate(18 14) scale(0.6)"><path d="M-40 -96 L-110 -60 L-84 -10 L-60 -24 V100 H60 V-24 L84 -10 L110 -60 L40 -96 C30 -70 -30 -70 -40 -96 Z" fill="${l}" opacity="0.35"/></g>`;
    case 'camera':
      return `<rect x="-106" y="-56" width="212" height="140" rx="18" fill="${c}" ${s}/><path d="M-40 -56 L-28 -86 H28 L40 -56 Z" fill="${c}" ${s}/><circle cx="0" cy="14" r="54" fill="${o}" stroke="#9ca3af" stroke-width="6"/><circle cx="0" cy="14" r="32" fill="#1e3a8a"/><circle cx="12" cy="2" r="9" fill="#fff" opacity="0.8"/><rect x="-92" y="-44" width="28" height="14" rx="4" fill="#ef4444"/>`;
    case 'action-cam':
      return `<rect x="-80" y="-70" width="160" height="140" rx="20" fill="${o}" ${s}/><rect x="-66" y="-56" width="60" height="44" rx="6" fill="${c}"/><circle cx="34" cy="10" r="40" fill="#374151" stroke="${c}" stroke-width="8"/><circle cx="34" cy="10" r="20" fill="#1e3a8a"/><rect x="40" y="-86" width="30" height="16" rx="4" fill="#ef4444"/>`;
    case 'drone':
      return `<rect x="-34" y="-24" width="68" height="48" rx="14" fill="${c}" ${s}/>${[[-76, -60], [76, -60], [-76, 60], [76, 60]].map(([x, y]) => `<line x1="0" y1="0" x2="${x}" y2="${y}" stroke="${o}" stroke-width="10"/><ellipse cx="${x}" cy="${y}" rx="34" ry="9" fill="${l}" stroke="${o}" stroke-width="3"/>`).join('')}<circle cx="0" cy="30" r="12" fill="${o}"/><circle cx="0" cy="30" r="5" fill="#3b82f6"/>`;
    case 'lens':
      return `<rect x="-62" y="-96" width="124" height="190" rx="20" fill="${c}" ${s}/>${[-60, -20, 20].map((y) => `<rect x="-62" y="${y}" width="124" height="14" fill="${d}"/>`).join('')}<ellipse cx="0" cy="-96" rx="62" ry="18" fill="${o}" stroke="#9ca3af" stroke-width="4"/><ellipse cx="0" cy="-96" rx="34" ry="9" fill="#1e3a8a"/>`;
    case 'instant-cam':
      return `<rect x="-90" y="-80" width="180" height="160" rx="36" fill="${c}" ${s}/><circle cx="0" cy="0" r="50" fill="${l}" ${s}/><circle cx="0" cy="0" r="28" fill="${o}"/><circle cx="10" cy="-10" r="7" fill="#fff" opacity="0.8"/><rect x="-70" y="-64" width="34" height="22" rx="6" fill="${o}"/><rect x="-60" y="80" width="120" height="24" fill="#fff" ${s}/>`;
  }
}

/** The SVG of one product image: backdrop varied by `variant`, icon, brand. */
export function productSvg(opts: { shelf: string; variant: number; kind: IconKind; color: string; brand: string; size?: number }): string {
  const size = opts.size ?? 480;
  const [top, bottom, accent] = SHELF_PALETTES[opts.shelf] ?? ['#f1f5f9', '#e2e8f0', '#475569'];
  const v = opts.variant % 5;
  const c = opts.color;
  const d = mix(c, '#000000', 0.3);
  const l = mix(c, '#ffffff', luminance(c) > 0.75 ? 0.5 : 0.65);
  const o = luminance(c) < 0.25 ? '#0b0f17' : '#1f2937';
  // five backdrop layouts so two products of one shelf never look alike
  const decor = [
    `<circle cx="360" cy="110" r="150" fill="${accent}" opacity="0.18"/><circle cx="90" cy="420" r="90" fill="${accent}" opacity="0.12"/>`,
    `<path d="M0 340 L480 180 V480 H0 Z" fill="${accent}" opacity="0.16"/>`,
    `<g fill="${accent}" opacity="0.22">${Array.from({ length: 36 }, (_, i) => `<circle cx="${40 + (i % 6) * 80}" cy="${40 + Math.floor(i / 6) * 80}" r="7"/>`).join('')}</g>`,
    `<circle cx="240" cy="240" r="200" fill="none" stroke="${accent}" stroke-width="26" opacity="0.14"/><circle cx="240" cy="240" r="140" fill="none" stroke="${accent}" stroke-width="14" opacity="0.12"/>`,
    `<rect x="-60" y="70" width="600" height="120" fill="${accent}" opacity="0.14" transform="rotate(-24 240 240)"/><rect x="-60" y="290" width="600" height="60" fill="${accent}" opacity="0.1" transform="rotate(-24 240 240)"/>`,
  ][v];
  const brand = opts.brand.toUpperCase().replace(/[&<>"']/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 480 480">
<defs><linearGradient id="bg" x1="0" y1="0" x2="${v % 2 ? 1 : 0.3}" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
<radialGradient id="spot" cx="0.5" cy="0.45" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.85"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>
<rect width="480" height="480" fill="url(#bg)"/>${decor}
<circle cx="240" cy="222" r="170" fill="url(#spot)"/>
<ellipse cx="240" cy="370" rx="130" ry="16" fill="#000" opacity="0.1"/>
<g transform="translate(240 222) scale(${1.25 + (v % 3) * 0.05})">${icon(opts.kind, c, d, l, o)}</g>
<text x="240" y="444" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="22" letter-spacing="4" fill="${o}" opacity="0.72">${brand}</text>
</svg>`;
}
