// Regenerates the demo catalogue images and the pending vendor's KYC sample documents.
//   node --import tsx apps/server/scripts/generate-product-images.ts
// Output is committed (src/demo/assets/…) so seeding never renders anything.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { SEED_SHELVES, seedImageFile } from '../src/demo/catalogue-data.js';
import { productSvg } from './product-art.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const catalogueDir = path.join(root, 'src/demo/assets/catalogue');
const documentsDir = path.join(root, 'src/demo/assets/documents');

async function productImages() {
  await fs.rm(catalogueDir, { recursive: true, force: true });
  await fs.mkdir(catalogueDir, { recursive: true });
  let bytes = 0;
  for (const shelf of SEED_SHELVES) {
    for (const [i, p] of shelf.products.entries()) {
      const svg = productSvg({ shelf: shelf.slug, variant: i, kind: p.art.kind, color: p.art.color, brand: p.brand });
      const out = await sharp(Buffer.from(svg)).webp({ quality: 82, effort: 6 }).toBuffer();
      await fs.writeFile(path.join(catalogueDir, seedImageFile(p)), out);
      bytes += out.length;
    }
  }
  console.log(`catalogue: ${SEED_SHELVES.length * 5} images, ${(bytes / 1024).toFixed(0)} KB`);
}

/** A one-page PDF with real text objects (byte offsets computed, so readers accept it). */
function tradeLicencePdf(): Buffer {
  const lines = [
    ['18', 'TRADE LICENCE (DEMO SAMPLE)'],
    ['11', 'Department of Economy and Tourism - specimen for testing only'],
    ['11', 'Licence No: 1029384'],
    ['11', 'Trade name: Oasis Home & Living Trading LLC'],
    ['11', 'Legal form: Limited Liability Company'],
    ['11', 'Activities: Household goods trading, furniture and home decor'],
    ['11', 'Issue date: 2025-01-15    Expiry date: 2026-01-14'],
    ['11', 'Address: Office 1204, Al Qusais Business Centre, Dubai, UAE'],
  ];
  const esc = (t: string) => t.replace(/[\\()]/g, (m) => `\\${m}`);
  let y = 760;
  const content = lines.map(([size, text]) => {
    const op = `BT /F1 ${size} Tf 60 ${y} Td (${esc(text!)}) Tj ET`;
    y -= size === '18' ? 40 : 22;
    return op;
  }).join('\n') + '\n0.2 0.4 0.7 RG 3 w 50 560 m 545 560 l S';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

function idCardSvg(side: 'front' | 'back'): string {
  const body = side === 'front'
    ? `<rect x="36" y="84" width="150" height="180" rx="10" fill="#cbd5e1"/><circle cx="111" cy="150" r="40" fill="#94a3b8"/><path d="M51 264 C61 200 161 200 171 264 Z" fill="#94a3b8"/>
<text x="214" y="120" font-size="18" fill="#475569">Name</text><text x="214" y="146" font-size="24" font-weight="bold" fill="#0f172a">Rashid Al Mansoori</text>
<text x="214" y="186" font-size="18" fill="#475569">ID Number</text><text x="214" y="212" font-size="24" font-weight="bold" fill="#0f172a">784-1987-1234567-1</text>
<text x="214" y="252" font-size="18" fill="#475569">Nationality: United Arab Emirates</text>`
    : `<rect x="36" y="84" width="568" height="60" rx="6" fill="#e2e8f0"/><text x="56" y="122" font-size="20" fill="#334155">Card Number 120938475 · Expiry 2029-03-01</text>
<text x="56" y="186" font-size="18" fill="#475569">Occupation: General Manager</text><text x="56" y="216" font-size="18" fill="#475569">Employer: Oasis Home &amp; Living Trading LLC</text>
<rect x="36" y="250" width="568" height="60" fill="#f8fafc"/><text x="50" y="288" font-family="DejaVu Sans Mono" font-size="18" fill="#0f172a">ILARE1209384756&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400" font-family="DejaVu Sans">
<rect width="640" height="400" rx="24" fill="#f0fdf4"/><rect width="640" height="64" rx="24" fill="#15803d"/><rect y="40" width="640" height="24" fill="#15803d"/>
<text x="32" y="42" font-size="22" font-weight="bold" fill="#fff">UNITED ARAB EMIRATES · RESIDENT IDENTITY CARD</text>
${body}
<text x="320" y="370" text-anchor="middle" font-size="20" font-weight="bold" fill="#dc2626" opacity="0.7">SPECIMEN · DEMO DATA · NOT A REAL DOCUMENT</text>
</svg>`;
}

async function documents() {
  await fs.mkdir(documentsDir, { recursive: true });
  await fs.writeFile(path.join(documentsDir, 'trade-licence.pdf'), tradeLicencePdf());
  for (const side of ['front', 'back'] as const) {
    const png = await sharp(Buffer.from(idCardSvg(side))).png({ compressionLevel: 9, palette: true }).toBuffer();
    await fs.writeFile(path.join(documentsDir, `emirates-id-${side}.png`), png);
  }
  console.log('documents: trade-licence.pdf, emirates-id-front.png, emirates-id-back.png');
}

await productImages();
await documents();
