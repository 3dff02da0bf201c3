import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { rootDir } from '../../paths.js';
import { registerMessages, translate, type Lang } from '../../i18n/messages.js';

registerMessages({
  ru: {
    'certificates.pdf.awarded': 'Настоящим удостоверяется, что',
    'certificates.pdf.completed': 'успешно освоил(а) курс',
    'certificates.pdf.hours_one': 'в объёме {count} академического часа',
    'certificates.pdf.hours_few': 'в объёме {count} академических часов',
    'certificates.pdf.hours_many': 'в объёме {count} академических часов',
    'certificates.pdf.hours_other': 'в объёме {count} академического часа',
    'certificates.pdf.date': 'Дата выдачи: {date}',
    'certificates.pdf.verify': 'Проверить подлинность:',
  },
  en: {
    'certificates.pdf.awarded': 'This is to certify that',
    'certificates.pdf.completed': 'has successfully completed the course',
    'certificates.pdf.hours_one': '{count} academic hour',
    'certificates.pdf.hours_other': '{count} academic hours',
    'certificates.pdf.date': 'Date of issue: {date}',
    'certificates.pdf.verify': 'Verify:',
  },
});

/** DejaVu Serif (Bitstream Vera licence, server/assets/fonts/DejaVu-LICENSE.txt): Cyrillic and Latin glyphs. */
const FONT_FILE = join(rootDir, 'server', 'assets', 'fonts', 'DejaVuSerif.ttf');
let fontBytes: Promise<Buffer> | undefined;

export interface CertificateContent {
  studentName: string;
  course: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  hours: number;
  /** the public verification page the QR code leads to */
  verificationUrl: string;
  lang: Lang;
}

const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
const ink = rgb(0.1, 0.14, 0.3);
const gold = rgb(0.6, 0.44, 0.05);

function centred(page: PDFPage, font: PDFFont, text: string, y: number, size: number, color = ink) {
  // a long line shrinks to fit the page rather than run off it
  const max = page.getWidth() - 140;
  let s = size;
  while (s > 8 && font.widthOfTextAtSize(text, s) > max) s -= 1;
  page.drawText(text, { x: (page.getWidth() - font.widthOfTextAtSize(text, s)) / 2, y, size: s, font, color });
}

/** The QR code as vector squares (no raster): readable at any print size. */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / (n + 8);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.modules.get(r, c)) page.drawRectangle({ x: x + (c + 4) * cell, y: y + size - (r + 5) * cell, width: cell, height: cell, color: rgb(0, 0, 0) });
}

const formatDate = (day: string, lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** A certificate made from ELP's template (issue 30 item 5): an A4 landscape PDF with the font embedded (subset). */
export async function certificatePdf(c: CertificateContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(await (fontBytes ??= readFile(FONT_FILE)), { subset: true });
  doc.setTitle(`${c.title} — ${c.studentName}`);
  doc.setAuthor('ELP');
  doc.setLanguage(c.lang === 'en' ? 'en' : 'ru');
  const page = doc.addPage(A4_LANDSCAPE);
  const { width, height } = page.getSize();
  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: gold, borderWidth: 3 });
  page.drawRectangle({ x: 34, y: 34, width: width - 68, height: height - 68, borderColor: ink, borderWidth: 0.8 });
  const t = (key: string, vars: Record<string, string | number> = {}) => translate(c.lang, key, vars);
  centred(page, font, c.title.toUpperCase(), height - 120, 34, ink);
  centred(page, font, t('certificates.pdf.awarded'), height - 175, 16);
  centred(page, font, c.studentName, height - 225, 30, gold);
  centred(page, font, t('certificates.pdf.completed'), height - 270, 16);
  centred(page, font, `«${c.course}»`, height - 310, 22);
  centred(page, font, t('certificates.pdf.hours', { count: c.hours }), height - 350, 14);
  page.drawText(t('certificates.pdf.date', { date: formatDate(c.date, c.lang) }), { x: 80, y: 90, size: 12, font, color: ink });
  const qr = 110;
  drawQr(page, c.verificationUrl, width - 80 - qr, 70, qr);
  page.drawText(t('certificates.pdf.verify'), { x: width - 80 - qr - 10 - font.widthOfTextAtSize(t('certificates.pdf.verify'), 9), y: 120, size: 9, font, color: ink });
  page.drawText(c.verificationUrl, { x: 80, y: 70, size: 8, font, color: ink });
  return doc.save();
}
